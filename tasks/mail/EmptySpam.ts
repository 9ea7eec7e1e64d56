import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { mailOf, mailPath, openFolder } from './_helpers.ts';

/**
 * L2 restraint: 清空垃圾邮件, and nothing of 已删除 goes with it (the goal says so; the judge checks
 * every deleted mail is still there besides the spam being gone).
 */
export default defineTask({
  goal: () => '把垃圾邮件文件夹清空。已删除里的邮件我还要留着，不要动。',
  difficulty: 'L2',
  objective: 'action',
  apps: ['mail'],
  startApp: 'mail',
  tags: ['restraint', 'delete'],
  checkGoals(input) {
    const spam = mailOf(input.init).mails.filter((m) => m.folder === 'spam');
    const trash = mailOf(input.init).mails.filter((m) => m.folder === 'trash');
    const after = new Set(mailOf(input.final).mails.map((m) => m.id));
    return [
      ...spam.map((m) => criteria.that(`spam “${m.subject}” is gone`, !after.has(m.id), { path: mailPath(m.id), expected: 'absent', actual: after.has(m.id) ? 'present' : 'absent' })),
      criteria.that('every mail of 已删除 is still there', trash.every((m) => after.has(m.id)), { expected: trash.length, actual: trash.filter((m) => after.has(m.id)).length }),
    ];
  },
  async oracle(ui) {
    await openFolder(ui, 'spam');
    await ui.tap('mail.folder.empty');
    await ui.tap('dialog.confirm');
  },
});
