import { defineTask } from '../../bridge/tasks/api.ts';
import { backToChats, chatOf, displayName, isLookalike, latestMomentOf, momentById, openChatsTab, pickContact } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  momentId: string;
  likerId: string;
  likerName: string;
}

/** My latest moment has exactly one like (set in postSample): who gave it? */
export default defineTask<P>({
  goal: () => `在聊天应用的朋友圈里，我最近发的一条朋友圈是谁点的赞？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['moments'],
  params: {
    ...spreadParam('_who', ['momentId', 'likerId', 'likerName'], (state, rng) => {
      const m = latestMomentOf(state, 'me');
      const c = pickContact(state, rng, (x) => !isLookalike(x.name));
      return m && c ? { momentId: m.id, likerId: c.contactId, likerName: c.contactName } : null;
    }),
  },
  postSample({ state, p }) {
    momentById(state, p.momentId)!.likes = [p.likerId];
  },
  answer: {
    fields: [{ id: 'name', label: '点赞的人', type: 'text' }],
    expected: (p, input) => {
      const c = chatOf(input.init).contacts.find((x) => x.id === p.likerId)!;
      return { name: c.remark !== '' ? [c.remark, c.name] : displayName(c) };
    },
  },
  async oracle(ui, p) {
    // 我 → 朋友圈: my own moments, newest first.
    await openChatsTab(ui);
    await ui.tap('tab.me');
    await ui.tap('me.moments');
    const likes = await ui.scrollTo(`moment.likes.${p.momentId}`, { within: 'moments.list' });
    const name = likes.text.trim();
    await backToChats(ui);
    return name;
  },
});
