import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { NEW_FOLDER_NAMES } from '../../simulator-apps/mail/data.ts';
import { addedRecords } from '../_shared/records.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { fromPerson, mailById, mailOf, mailParam, mailPath, moveOpenMail, openInbox, openMail, readPaths } from './_helpers.ts';

interface P extends Record<string, unknown> {
  mailId: string;
  subject: string;
  senderName: string;
  name: string;
}

/** L3: a new folder, and a mail moved into it. */
export default defineTask<P>({
  goal: (p) => `新建一个邮件文件夹“${p.name}”，再把${p.senderName}的邮件“${p.subject}”移进去。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['mail'],
  startApp: 'mail',
  tags: ['folder', 'create'],
  params: { ...mailParam((m, s) => m.folder === 'inbox' && fromPerson(m, s)), name: { type: 'enum', values: [...NEW_FOLDER_NAMES] } },
  checkGoals(input, p) {
    const added = addedRecords(mailOf(input.init).folders, mailOf(input.final).folders);
    const f = added[0];
    return [
      exactlyOne('exactly one new folder', added, f ? `apps.mail.folders[${f.id}]` : undefined),
      criteria.equals('its name', f?.name ?? null, p.name),
      criteria.equals('the mail is in it', mailById(input.final, p.mailId)?.folder ?? null, f?.id ?? '(no new folder)', `${mailPath(p.mailId)}.folder`),
    ];
  },
  expectedChanges: (_input, p) => readPaths([p.mailId]),
  async oracle(ui, p) {
    await openInbox(ui);
    await ui.tap('mail.menu');
    await ui.scrollTo('mail.folders.new', { within: 'mail.folders.list' });
    await ui.tap('mail.folders.new');
    await ui.type('mail.folders.name', p.name);
    await ui.tap('mail.folders.create');
    const id = mailOf(ui.state).folders.find((f) => f.name === p.name)!.id;
    await openMail(ui, p.mailId, 'inbox');
    await moveOpenMail(ui, id);
  },
});
