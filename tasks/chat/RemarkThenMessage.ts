import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { chatOf, chatParam, type ChatParams, contactById, newMessages, sendMessage, setRemark, threadChanges } from './_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';

interface P extends ChatParams {
  remark: string;
}

/** Two flows in one task: contacts → detail → remark editor, then chats → conversation → send. */
export default defineTask<P>({
  goal: (p) => `先把“${p.contactName}”的备注改成“${p.remark}”，然后给他/她发消息：备注已改好`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['contacts', 'messages', 'multi-screen'],
  params: {
    ...chatParam((_c, contact, state) => contact.remark === '' && chatOf(state).contacts.filter((x) => x.name === contact.name).length === 1),
    remark: { type: 'enum', values: ['球队队长', '大学室友', '楼下邻居', '前同事'] },
  },
  checkGoals(input, p) {
    const sent = newMessages(input, p.chatId).filter((m) => m.from === 'me');
    return [
      criteria.equals('remark is set', contactById(input.final, p.contactId).remark, p.remark, `apps.chat.contacts[${p.contactId}].remark`),
      exactlyOne('one message sent', sent),
      criteria.equals('message text', sent[0]?.text ?? null, '备注已改好'),
    ];
  },
  expectedChanges: (_input, p) => threadChanges(p.chatId),
  async oracle(ui, p) {
    await setRemark(ui, p.contactId, p.remark);
    await sendMessage(ui, p.chatId, '备注已改好');
  },
});
