import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { deliverIncoming } from '../../simulator-apps/chat/share.ts';
import { chatOf, newMessages, sendMessage, threadChanges } from '../chat/_helpers.ts';
import { counterpartParam } from '../interactive/_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { openMail, plantMail, readPaths } from './_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  friendId: string;
  friendName: string;
  service: string;
  code: string;
  mailId: string;
}

const SERVICES = ['家庭云相册', '共享会员', '亲友网盘', '家庭宽带'] as const;

/**
 * L3 cross-app memory: a friend logging in on a shared account asks in 轻聊 for the code; the
 * code is only in a mail that just came; read it there, send it back in 轻聊.
 */
export default defineTask<P>({
  goal: (p) => `${p.friendName}在轻聊里找我要“${p.service}”的验证码，验证码刚发到我的邮箱。把验证码发给${p.friendName}。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat', 'mail'],
  startApp: 'home',
  tags: ['cross-app', 'memory'],
  params: { ...counterpartParam('_friend', 'friend'), service: { type: 'enum', values: [...SERVICES] }, code: { type: 'string', pattern: '[1-9]\\d{5}' }, mailId: { default: '' } },
  postSample({ state, p }) {
    const now = state.os.time.timestamp;
    p.mailId = plantMail(state, { from: { name: `${p.service}安全中心`, address: 'safe@jiating-yun.cn' }, subject: `${p.service}登录验证码`, body: `您的验证码是 ${p.code}，5分钟内有效。请勿将验证码告诉他人。`, time: now - 60_000 }).id;
    const chat = chatOf(state).chats.find((c) => c.id === p.chatId)!;
    chat.draft = '';
    deliverIncoming(chatOf(state), { chatId: p.chatId, from: p.friendId, text: `我在登${p.service}，验证码发你邮箱了，帮我看下是多少？`, now: now - 30_000 });
  },
  checkGoals(input, p) {
    const sent = newMessages(input, p.chatId).filter((m) => m.from === 'me');
    return [exactlyOne(`one message to ${p.friendName}`, sent, `apps.chat.chats[${p.chatId}].messages`), criteria.that(`it holds ${p.code}`, (sent[0]?.text ?? '').includes(p.code), { expected: p.code, actual: sent[0]?.text ?? null })];
  },
  expectedChanges: (_input, p) => [...threadChanges(p.chatId), ...readPaths([p.mailId])],
  async oracle(ui, p) {
    await openMail(ui, p.mailId, 'inbox');
    const body = ui.find(`mail.detail.body.${p.mailId}`)?.text ?? '';
    const code = body.match(/\d{6}/)?.[0];
    if (!code) throw new Error(`no code in the mail: ${body}`);
    await ui.home();
    await sendMessage(ui, p.chatId, `验证码是 ${code}`);
  },
});
