import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { backToChats, chatOf, latestMomentParam, momentById, openMomentMenu } from './_helpers.ts';

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
    ...latestMomentParam(),
  },
  postSample({ state, p }) {
    // Not liked yet, so doing nothing cannot pass.
    const m = momentById(state, p.momentId)!;
    m.likes = m.likes.filter((id) => id !== 'me');
  },
  checkGoals(input, p) {
    const m = momentById(input.final, p.momentId);
    return [criteria.that('I like the moment', !!m?.likes.includes('me'), { expected: true, actual: m?.likes.includes('me') ?? null, path: `apps.chat.moments[${p.momentId}].likes` })];
  },
  expectedChanges: (_input, p) => [`apps.chat.moments[${p.momentId}].likes[*]`],
  async oracle(ui, p) {
    await openMomentMenu(ui, p.contactId, p.momentId);
    await ui.tap('moment.like');
    const likes = await ui.scrollTo(`moment.likes.${p.momentId}`, { within: 'moments.list' });
    if (!likes?.text.includes(chatOf(ui.state).me.name)) throw new Error('my like is not shown');
    await backToChats(ui);
  },
});
