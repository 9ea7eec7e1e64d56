import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { sendMessage } from '../chat/_helpers.ts';
import { chatCounterpart, conversationPaths, counterpartParam } from '../interactive/_helpers.ts';
import { addedMailPaths, addRecipient, mailById, mailParam, oneSentCriteria, openMail, readPaths } from './_helpers.ts';

interface P extends Record<string, unknown> {
  mailId: string;
  subject: string;
  senderName: string;
  chatId: string;
  friendId: string;
  friendName: string;
  address: string;
}

const LOCALS = ['xiaoyu.home', 'sunny2026', 'lemon.tree', 'mountain.fan', 'bluewhale88'] as const;

/**
 * L4 interactive, cross-app: the friend's mail address is known to no app; ask for it in 轻聊 (the
 * friend answers with it), then forward the mail with its attachments to that address.
 */
export default defineTask<P>({
  goal: (p) => `${p.friendName}想要${p.senderName}邮件“${p.subject}”里的附件。我没有他的邮箱地址：先在轻聊里问他要，再把这封邮件（带附件）转发到他给的地址。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['chat', 'mail'],
  startApp: 'home',
  tags: ['cross-app', 'interactive', 'forward'],
  params: {
    ...mailParam((m) => m.folder === 'inbox' && m.attachments.length > 0),
    ...counterpartParam('_friend', 'friend'),
    address: { sampler: (_s, rng) => `${rng.pick(LOCALS)}@qmail.com` },
  },
  interaction: chatCounterpart<P>(
    (p) => p.friendId,
    ({ p, unanswered }) => (unanswered.some((t) => /邮箱|邮件|地址|mail/i.test(t)) ? { text: `我的邮箱是 ${p.address}`, done: true } : { text: '嗯？你想问什么呀' }),
  ),
  checkGoals(input, p) {
    const orig = mailById(input.init, p.mailId)!;
    return oneSentCriteria(input, { to: [p.address] }, (m) => [
      criteria.equals('it forwards the mail', m ? `${m.refKind}:${m.refMailId}` : null, `forward:${orig.id}`),
      criteria.equals('its attachments', m?.attachments.map((a) => a.ref).join(',') ?? null, orig.attachments.map((a) => a.ref).join(',')),
    ]);
  },
  expectedChanges: (input, p) => [...addedMailPaths(input), ...readPaths([p.mailId]), ...conversationPaths(input.init, input.final, p.friendId)],
  async oracle(ui, p) {
    await sendMessage(ui, p.chatId, '把你的邮箱地址发我一下？');
    const answer = ui.findAll({ textIncludes: '我的邮箱是' }).at(-1)?.text ?? '';
    const address = answer.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/)?.[0];
    if (!address) throw new Error(`no address in the answer: “${answer}”`);
    await openMail(ui, p.mailId, 'inbox');
    await ui.tap('mail.detail.forward');
    await addRecipient(ui, 'to', address);
    await ui.tap('mail.compose.send');
  },
});
