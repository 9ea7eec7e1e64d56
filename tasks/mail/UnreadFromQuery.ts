import { defineTask } from '../../bridge/tasks/api.ts';
import { inboxFrom, newsletterParam, openInbox } from './_helpers.ts';

interface P extends Record<string, unknown> {
  senderName: string;
  senderAddress: string;
}

/** L2 query: how many unread mails of one sender the inbox holds (seen by the unread dots; opening one reads it). */
export default defineTask<P>({
  goal: (p) => `收件箱里“${p.senderName}”发来的邮件中，有几封还没读？（先别点开它们）`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['mail'],
  startApp: 'mail',
  tags: ['count'],
  params: { ...newsletterParam(2) },
  postSample({ state, p, rng }) {
    // At least one read and one unread, so neither "all" nor "none" is a free guess.
    const list = inboxFrom(state, p.senderAddress);
    for (const m of list) m.read = rng.chance(0.5);
    list[0]!.read = false;
    list[1]!.read = true;
  },
  answer: {
    fields: [{ id: 'count', label: '未读封数', type: 'number' }],
    expected: (p, input) => ({ count: String(inboxFrom(input.init, p.senderAddress).filter((m) => !m.read).length) }),
  },
  async oracle(ui, p) {
    await openInbox(ui);
    let n = 0;
    for (const m of inboxFrom(ui.state, p.senderAddress)) {
      const row = await ui.scrollTo(`mail.item.${m.id}`, { within: 'mail.list' });
      if (row.text.includes('未读')) n++;
    }
    return { count: String(n) };
  },
});
