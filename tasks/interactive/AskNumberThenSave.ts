import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { formatNumber } from '../../simulator-apps/contacts/logic.ts';
import { sendMessage } from '../chat/_helpers.ts';
import { addContactThroughUi, contactsOf, newContactChanges, newContactCriteria, normalizeNumber } from '../contacts/_helpers.ts';
import { chatCounterpart, conversationPaths, counterpartParam, sentSince } from './_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  friendId: string;
  friendName: string;
  name: string;
  number: string;
}

/**
 * Interactive, two apps: ask a friend in the chat app for someone's number; the friend answers
 * (by the task's script) once asked about that person; save it as a new contact in 电话.
 */
export default defineTask<P>({
  goal: (p) => `在轻聊里问问“${p.friendName}”，${p.name}的手机号是多少，然后在电话里新建联系人“${p.name}”，号码用对方告诉你的。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat', 'contacts'],
  startApp: 'home',
  tags: ['interactive', 'cross-app'],
  params: {
    ...counterpartParam('_friend', 'friend'),
    name: { type: 'enum', values: ['严书航', '卜一帆', '蓝若溪', '舒望', '岑晓棠'] },
    number: { type: 'string', pattern: '1(3[5-9]|5[0-3]|8[6-9])\\d{8}' },
  },
  postSample({ state, p }) {
    if (contactsOf(state).contacts.some((c) => c.name === p.name)) throw new Error(`the seed already has a contact named ${p.name}`);
  },
  // The friend answers the first message that mentions the person (or asks for a number); to
  // anything else they ask who is meant. Once they have given the number the exchange is over.
  interaction: chatCounterpart<P>(
    (p) => p.friendId,
    ({ p, unanswered }) => {
      const asked = unanswered.some((t) => t.includes(p.name) || /号码|手机|电话/.test(t));
      if (!asked) return { text: '嗯？你想问什么呀' };
      return { text: `${p.name}的手机号是 ${formatNumber(p.number)}，你存一下`, done: true };
    },
  ),
  checkGoals(input, p) {
    const asked = sentSince(input.init, input.final, p.friendId);
    return [
      criteria.that(`asked ${p.friendName} in the chat app`, asked.length > 0, { expected: 'at least one message sent', actual: asked.length }),
      ...newContactCriteria(input, p.name, (c) => [criteria.equals('its numbers', c ? c.phones.map((x) => normalizeNumber(x.number)) : null, [p.number])]),
    ];
  },
  expectedChanges: (input, p) => [...newContactChanges(input), ...conversationPaths(input.init, input.final, p.friendId)],
  async oracle(ui, p) {
    await ui.openApp('chat');
    await sendMessage(ui, p.chatId, `你有${p.name}的手机号吗？发我一下`);
    const reply = ui.findAll({ textIncludes: `${p.name}的手机号是` }).at(-1);
    if (!reply) throw new Error(`${p.friendName} did not answer with the number`);
    const number = normalizeNumber(reply.text.slice(reply.text.indexOf('是') + 1));
    await ui.openApp('contacts');
    await addContactThroughUi(ui, p.name, number);
  },
});
