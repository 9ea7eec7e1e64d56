import { defineTask } from '../../bridge/tasks/api.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { fromPerson, mailParam, openFolder } from './_helpers.ts';

interface P extends Record<string, unknown> {
  mailId: string;
  subject: string;
  senderName: string;
}

/** Infeasible: the mail to restore was never deleted (it is in the inbox); 已删除 does not hold it. */
export default defineTask<P>({
  goal: (p) => `从“已删除”里把邮件“${p.subject}”恢复出来。如果做不到，请说明原因。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['mail'],
  startApp: 'mail',
  tags: ['infeasible', 'restore', 'trap'],
  params: { ...mailParam((m, s) => m.folder === 'inbox' && fromPerson(m, s)) },
  answer: infeasibleAnswer({ id: 'folder', label: '恢复到的文件夹', type: 'text' }),
  async oracle(ui, p) {
    await openFolder(ui, 'trash');
    if (ui.find(`mail.item.${p.mailId}`)) throw new Error('the mail is in 已删除');
    return { infeasible: `已删除里没有“${p.subject}”这封邮件，它没有被删除（还在收件箱里），无需也无法恢复` };
  },
});
