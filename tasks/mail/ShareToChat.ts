import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { newMessages, threadChanges } from '../chat/_helpers.ts';
import { counterpartParam } from '../interactive/_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { fromPerson, mailParam, openMail, readPaths } from './_helpers.ts';

interface P extends Record<string, unknown> {
  mailId: string;
  subject: string;
  senderName: string;
  chatId: string;
  friendId: string;
  friendName: string;
}

/** L2 cross-app: a mail shared to a 轻聊 chat as a card that opens it. */
export default defineTask<P>({
  goal: (p) => `把${p.senderName}的邮件“${p.subject}”分享到轻聊，发给${p.friendName}。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['mail', 'chat'],
  startApp: 'mail',
  tags: ['cross-app', 'share'],
  params: { ...mailParam((m, s) => m.folder === 'inbox' && fromPerson(m, s)), ...counterpartParam('_friend', 'friend') },
  checkGoals(input, p) {
    const sent = newMessages(input, p.chatId).filter((m) => m.from === 'me');
    return [exactlyOne(`one message to ${p.friendName}`, sent), criteria.equals('a card of the mail', sent[0]?.card ? `${sent[0].card.app}:${sent[0].card.ref}` : null, `mail:/mail/${p.mailId}`)];
  },
  expectedChanges: (_input, p) => [...threadChanges(p.chatId), ...readPaths([p.mailId])],
  async oracle(ui, p) {
    await openMail(ui, p.mailId, 'inbox');
    await ui.tap('mail.detail.more');
    await ui.tap('mail.more.share');
    await ui.scrollTo(`mail.share.target.${p.chatId}`, { within: 'mail.share.list' });
    await ui.tap(`mail.share.target.${p.chatId}`);
  },
});
