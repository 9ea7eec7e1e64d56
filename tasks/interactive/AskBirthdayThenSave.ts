import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { displayName } from '../../simulator-apps/chat/logic.ts';
import { sendMessage } from '../chat/_helpers.ts';
import { SEEN_PATH, contactsOf, openPerson } from '../contacts/_helpers.ts';
import { chatCounterpart, chatOf, conversationPaths, sentSince } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  friendId: string;
  friendName: string;
  personId: string;
  birthday: string;
}

/** `1994-08-12` → `94年8月12号` (how a friend would type it). */
function spoken(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${String(y).slice(2)}年${m}月${d}号`;
}

/**
 * Interactive, two apps: the friend's birthday is not in 电话; ask them in 轻聊 (they answer the
 * way people do, `94年8月12号`), then fill it in on their contact card as YYYY-MM-DD.
 */
export default defineTask<P>({
  goal: (p) => `电话里“${p.friendName}”的联系人资料还没有生日。去轻聊问问对方生日是哪天，然后把生日填到电话的联系人资料里。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat', 'contacts'],
  startApp: 'home',
  tags: ['interactive', 'cross-app'],
  params: {
    // A one-to-one chat whose contact (by real name, no remark) is exactly one card in 电话.
    ...spreadParam('_friend', ['chatId', 'friendId', 'friendName', 'personId'], (state, rng) => {
      const chat = chatOf(state);
      const people = contactsOf(state).contacts;
      const options = chat.chats.flatMap((c) => {
        const k = chat.contacts.find((x) => x.id === c.contactId);
        if (!k || k.remark) return [];
        const same = people.filter((x) => x.name === k.name);
        return same.length === 1 ? [{ chatId: c.id, friendId: k.id, friendName: displayName(k), personId: same[0]!.id }] : [];
      });
      if (options.length === 0) throw new Error('no chat contact is also exactly one card in 电话');
      return rng.pick(options);
    }),
    _birthday: {
      sampler: (_state, rng) => ({ birthday: `${rng.int(1978, 2001)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}` }),
      fields: { birthday: 'birthday' },
    },
  },
  postSample({ state, p }) {
    const person = contactsOf(state).contacts.find((c) => c.id === p.personId)!;
    person.birthday = '';
  },
  // The friend answers a question about their birthday (or 生日 / 哪天出生); otherwise they ask what is up.
  interaction: chatCounterpart<P>(
    (p) => p.friendId,
    ({ p, unanswered, turn }) => {
      if (!unanswered.some((t) => /生日|出生|哪天生/.test(t))) return turn === 0 ? { text: '在的，怎么了？' } : null;
      return { text: `${spoken(p.birthday)}呀，你要给我过生日吗😄`, done: true };
    },
  ),
  checkGoals(input, p) {
    const person = contactsOf(input.final).contacts.find((c) => c.id === p.personId);
    return [
      criteria.that(`asked ${p.friendName} in 轻聊`, sentSince(input.init, input.final, p.friendId).length > 0, { expected: 'at least one message sent' }),
      criteria.equals('the birthday on the contact card', person?.birthday ?? null, p.birthday, `apps.contacts.contacts[${p.personId}].birthday`),
    ];
  },
  expectedChanges: (input, p) => [SEEN_PATH, ...conversationPaths(input.init, input.final, p.friendId)],
  async oracle(ui, p) {
    await ui.openApp('chat');
    await sendMessage(ui, p.chatId, '你生日是哪天呀？我记一下');
    const reply = ui.findAll({ textIncludes: '你要给我过生日吗' }).at(-1);
    if (!reply) throw new Error(`${p.friendName} did not answer with the birthday`);
    const m = /(\d{2})年(\d{1,2})月(\d{1,2})号/.exec(reply.text);
    if (!m) throw new Error(`cannot read a date in "${reply.text}"`);
    const year = Number(m[1]) > 30 ? `19${m[1]}` : `20${m[1]}`;
    const date = `${year}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
    await openPerson(ui, p.personId);
    await ui.tap('contact.edit');
    await ui.type('edit.birthday', date, { clear: true });
    await ui.tap('edit.save');
  },
});
