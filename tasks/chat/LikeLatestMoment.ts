import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { backToChats, chatOf, latestMomentOf, openUserMoments, pickContact } from './_helpers.ts';

interface P extends Record<string, unknown> {
  contactId: string;
  contactName: string;
  momentId: string;
}

export default defineTask<P>({
  goal: (p) => `在聊天应用的朋友圈里，给“${p.contactName}”最新的一条朋友圈点赞。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['moments'],
  params: {
    _who: {
      sampler: (state, rng) => {
        const c = pickContact(state, rng, (x, s) => s.moments.some((m) => m.authorId === x.id));
        return c ? { ...c, momentId: latestMomentOf(state, c.contactId)!.id } : null;
      },
      fields: { contactId: 'contactId', contactName: 'contactName', momentId: 'momentId' },
    },
  },
  postSample({ state, p }) {
    // Not liked yet, so doing nothing cannot pass.
    const m = chatOf(state).moments.find((x) => x.id === p.momentId)!;
    m.likes = m.likes.filter((id) => id !== 'me');
  },
  checkGoals(input, p) {
    const m = chatOf(input.final).moments.find((x) => x.id === p.momentId);
    return [criteria.that('I like the moment', !!m?.likes.includes('me'), { expected: true, actual: m?.likes.includes('me') ?? null, path: `apps.chat.moments[${p.momentId}].likes` })];
  },
  expectedChanges: (_input, p) => [`apps.chat.moments[${p.momentId}].likes[*]`],
  async oracle(ui, p) {
    await openUserMoments(ui, p.contactId);
    await ui.scrollTo(`moment.more.${p.momentId}`, { within: 'moments.list' });
    await ui.tap(`moment.more.${p.momentId}`);
    await ui.tap('moment.like');
    const likes = await ui.scrollTo(`moment.likes.${p.momentId}`, { within: 'moments.list' });
    if (!likes?.text.includes(chatOf(ui.state).me.name)) throw new Error('my like is not shown');
    await backToChats(ui);
  },
});
