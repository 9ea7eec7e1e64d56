import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addedRecords } from '../_shared/records.ts';
import { backToChats, latestMomentParam, momentById, openMomentMenu } from './_helpers.ts';

interface P extends Record<string, unknown> {
  contactId: string;
  contactName: string;
  momentId: string;
  text: string;
}

const COMMENTS = ['拍得真好！', '周末一起去吧', '看起来很不错', '恭喜恭喜', '好久不见，找时间聚聚'] as const;

export default defineTask<P>({
  goal: (p) => `在聊天应用的朋友圈里，评论“${p.contactName}”最新的一条朋友圈，内容是：${p.text}`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['moments'],
  params: {
    ...latestMomentParam(),
    text: { type: 'enum', values: COMMENTS },
  },
  checkGoals(input, p) {
    const added = addedRecords(momentById(input.init, p.momentId)!.comments, momentById(input.final, p.momentId)?.comments ?? []);
    return [
      criteria.that('one new comment of mine on the moment', added.length === 1 && added[0].from === 'me', { expected: 1, actual: added.length }),
      criteria.equals('its text', added[0]?.text ?? null, p.text),
      criteria.equals('it is a comment on the moment, not a reply', added[0]?.replyTo ?? null, ''),
    ];
  },
  expectedChanges: (_input, p) => [`apps.chat.moments[${p.momentId}].comments[*]`],
  async oracle(ui, p) {
    // Through the contact's own moments page: their latest is the first there.
    await openMomentMenu(ui, p.contactId, p.momentId);
    await ui.tap('moment.comment');
    await ui.type('moment.input', p.text);
    await ui.tap('moment.send');
    await backToChats(ui);
  },
});
