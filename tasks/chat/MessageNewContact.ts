import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { MESSAGE_TEXTS, chatOf, contactParam, openContact } from './_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';

interface P extends Record<string, unknown> {
  contactId: string;
  contactName: string;
  text: string;
}

/** Four screens: contacts tab → contact page → 发消息 → conversation. No chat exists yet. */
export default defineTask<P>({
  goal: (p) => `通过通讯录找到“${p.contactName}”（你们还没有聊过天），给他/她发一条消息：${p.text}`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat'],
  startApp: 'home',
  tags: ['contacts', 'messages', 'multi-screen'],
  params: {
    ...contactParam(),
    text: { type: 'enum', values: MESSAGE_TEXTS },
  },
  postSample({ state, p }) {
    // No chat with this contact: the agent has to start one from the contact page.
    const s = chatOf(state);
    s.chats = s.chats.filter((c) => c.contactId !== p.contactId);
  },
  checkGoals(input, p) {
    const chat = chatOf(input.final).chats.find((c) => c.contactId === p.contactId);
    const mine = chat?.messages.filter((m) => m.from === 'me') ?? [];
    return [
      criteria.that('a chat with the contact exists', chat !== undefined, { expected: 'a chat', actual: chat ? chat.id : 'none' }),
      exactlyOne('exactly one message from me', mine),
      criteria.equals('its text', mine[0]?.text ?? null, p.text),
    ];
  },
  expectedChanges(input, p) {
    const chat = chatOf(input.final).chats.find((c) => c.contactId === p.contactId);
    return chat ? [`apps.chat.chats[${chat.id}]`, `apps.chat.chats[${chat.id}].**`] : [];
  },
  async oracle(ui, p) {
    await openContact(ui, p.contactId);
    await ui.tap('contact.message');
    await ui.type('chat.input', p.text);
    await ui.tap('chat.send');
  },
});
