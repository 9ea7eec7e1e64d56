import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { deliverIncoming } from '../../simulator-apps/chat/share.ts';
import { addedMailPaths, bodySays, contactParam, fillCompose, oneSentCriteria, openInbox, pickRecipient } from '../mail/_helpers.ts';
import { counterpartParam } from '../interactive/_helpers.ts';
import { MINUTES, recallChatMessage } from '../_shared/session.ts';
import { chatOf, openConversation } from './_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  friendId: string;
  friendName: string;
  code: string;
  messageId: string;
  contactId: string;
  contactName: string;
  email: string;
  number: string;
}

const SUBJECT = '快递取件码';

/**
 * Session (2 episodes), memory across episodes: a friend sends my parcel's 取件码 in 轻聊 and I am
 * asked for it; then the friend recalls the message and time passes, and I am asked to mail the
 * code to someone: only what the agent remembers from the first episode has it.
 */
export default defineTask<P>({
  goal: (p) => `${p.friendName}在轻聊里把我快递的取件码发给我了。取件码是多少？`,
  difficulty: 'L3',
  objective: 'query',
  apps: ['chat', 'mail', 'contacts'],
  startApp: 'home',
  tags: ['memory', 'session', 'cross-app'],
  params: {
    ...counterpartParam('_friend', 'friend'),
    ...contactParam(),
    code: { type: 'string', pattern: '[1-9]-[1-9]-[1-9]\\d{3}' },
    messageId: { default: '' },
  },
  postSample({ state, p }) {
    const now = state.os.time.timestamp;
    const chat = chatOf(state);
    chat.chats.find((c) => c.id === p.chatId)!.draft = '';
    p.messageId = deliverIncoming(chat, { chatId: p.chatId, from: p.friendId, text: `你的快递到驿站了，取件码 ${p.code}，记得今天去拿`, now: now - 10 * MINUTES });
  },
  answer: {
    fields: [{ id: 'code', label: '取件码', hint: '如 1-2-3456', type: 'text' }],
    expected: (p) => ({ code: p.code }),
  },
  expectedChanges: (_input, p) => [`apps.chat.chats[${p.chatId}].unread`],
  async oracle(ui, p) {
    await openConversation(ui, p.chatId);
    // The latest message that gives a 取件码: the chat's history may hold an older one, or a
    // question about one (我: "取件码多少"), which the screen shows above it.
    const shown = ui.findAll({ textIncludes: '取件码' }).map((n) => n.text);
    const code = shown.map((t) => t.match(/\d-\d-\d{4}/)?.[0]).filter((c) => c !== undefined).pop();
    if (!code) throw new Error(`no 取件码 on screen in the chat with ${p.friendName} (${shown.join(' / ') || 'nothing'})`);
    return code;
  },
  nextEpisodes: [
    {
      goal: (p) => `用邮箱给${p.contactName}发一封邮件，主题“${SUBJECT}”，正文写上刚才${p.friendName}发给我的取件码。`,
      objective: 'action',
      // Two hours later; the friend has recalled the message, so the code is only in memory.
      between({ state, p }) {
        recallChatMessage(state, p.chatId, p.messageId);
      },
      elapseMs: 120 * MINUTES,
      checkGoals: (input, p) => oneSentCriteria(input, { to: [p.email] }, (m) => [criteria.equals('its subject', m?.subject ?? null, SUBJECT), bodySays(m, p.code)]),
      expectedChanges: (input) => addedMailPaths(input),
      async oracle(ui, p) {
        await openInbox(ui);
        await ui.tap('mail.compose');
        await pickRecipient(ui, 'to', p.contactName, p.email);
        await fillCompose(ui, { subject: SUBJECT, body: `取件码：${p.code}` });
        await ui.tap('mail.compose.send');
      },
    },
  ],
});
