import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { chatSwitchesTask, type ChatParams } from '../chat/_helpers.ts';
import { openMail, plantMail, readPaths } from '../mail/_helpers.ts';
import { MINUTES, recallMail } from '../_shared/session.ts';
import { addedMemoPaths, bodyLines, newMemoCriteria, openMemoList, writeMemo } from './_helpers.ts';

interface P extends ChatParams {
  room: string;
  code: string;
  mailId: string;
}

const ROOMS = ['301', '506', '812', '1203', 'B2-07'] as const;
const TITLE = '培训门禁';
/** Episode 2 has nothing to do with the code: pin a chat. */
const pin = chatSwitchesTask({ pinned: true });

/**
 * Session (3 episodes), memory across an unrelated episode: read a door code in a mail from 行政部,
 * then pin a chat in 轻聊, then (the mail recalled, time passed) write the code into a new memo in
 * 备忘录: the code is only in what the agent remembers from two episodes before.
 */
export default defineTask<P>({
  goal: '行政部发邮件通知了明天培训所在会议室的门禁密码。门禁密码是多少？',
  difficulty: 'L4',
  objective: 'query',
  apps: ['mail', 'chat', 'memos'],
  startApp: 'home',
  tags: ['memory', 'session', 'cross-app'],
  params: {
    ...pin.params,
    room: { type: 'enum', values: ROOMS },
    code: { type: 'string', pattern: '[1-9]\\d{3}#' },
    mailId: { default: '' },
  },
  postSample(ctx) {
    const { state, p } = ctx;
    pin.postSample(ctx);
    p.mailId = plantMail(state, {
      from: { name: '行政部', address: 'admin@corp-office.cn' },
      subject: '明日新员工培训会议室',
      body: `各位好：明天上午九点的新员工培训在 ${p.room} 会议室，门禁密码 ${p.code}，请提前十分钟到场。`,
      time: state.os.time.timestamp - 30 * MINUTES,
    }).id;
  },
  answer: {
    fields: [{ id: 'code', label: '门禁密码', hint: '如 1234#', type: 'text' }],
    expected: (p) => ({ code: p.code }),
  },
  expectedChanges: (_input, p) => readPaths([p.mailId]),
  async oracle(ui, p) {
    await openMail(ui, p.mailId, 'inbox');
    const body = ui.find(`mail.detail.body.${p.mailId}`)?.text ?? '';
    const code = body.match(/门禁密码\s*(\d{4}#)/)?.[1];
    if (!code) throw new Error(`no door code in the mail: ${body}`);
    return code;
  },
  nextEpisodes: [
    {
      goal: (p) => `把和“${p.contactName}”的聊天置顶。`,
      objective: 'action',
      criteria: pin.criteria,
      expectedChanges: pin.expectedChanges,
      oracle: pin.oracle,
    },
    {
      goal: `在备忘录里新建一条备忘录，标题“${TITLE}”，正文写上明天培训会议室的门禁密码。`,
      objective: 'action',
      // 行政部 recalled the mail; an hour has passed.
      between({ state, p }) {
        recallMail(state, p.mailId);
      },
      elapseMs: 60 * MINUTES,
      checkGoals: (input, p) => newMemoCriteria(input, TITLE, (m) => [criteria.that(`its text holds ${p.code}`, !!m && bodyLines(m).some((l) => l.includes(p.code)), { expected: p.code, actual: m ? bodyLines(m).join(' / ') : null })]),
      expectedChanges: (input) => addedMemoPaths(input),
      async oracle(ui, p) {
        await openMemoList(ui);
        await writeMemo(ui, TITLE, [{ text: `门禁密码 ${p.code}`, check: false }]);
        await ui.tap('topbar.back');
      },
    },
  ],
});
