import { defineTask } from '../../bridge/tasks/api.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { contactParam, openInbox } from './_helpers.ts';

interface P extends Record<string, unknown> {
  contactId: string;
  contactName: string;
  email: string;
  number: string;
  topic: string;
}

/** Infeasible: the mail to forward does not exist (no mail holds the topic); nothing else may be sent instead. */
const TOPICS = ['年终奖发放明细', '海岛度假合同', '装修报价单', '车险续保单', '体检报告'] as const;

export default defineTask<P>({
  goal: (p) => `把邮箱里那封“${p.topic}”的邮件转发给${p.contactName}。如果做不到，请说明原因。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['mail'],
  startApp: 'mail',
  tags: ['infeasible', 'forward'],
  params: { ...contactParam(), topic: { type: 'enum', values: [...TOPICS] } },
  answer: infeasibleAnswer({ id: 'subject', label: '转发的邮件主题', type: 'text' }),
  async oracle(ui, p) {
    await openInbox(ui);
    await ui.tap('mail.search');
    await ui.type('mail.search.input', p.topic);
    if (!ui.find('mail.search.empty')) throw new Error(`the search for ${p.topic} found something`);
    await ui.back();
    return { infeasible: `邮箱里搜不到“${p.topic}”相关的邮件，没有可以转发的邮件` };
  },
});
