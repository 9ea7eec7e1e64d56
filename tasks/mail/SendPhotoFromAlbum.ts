import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addedMailPaths, attachFromAlbum, attachmentRefs, contactParam, fillCompose, oneSentCriteria, openInbox, paperPhotoParam, photoRef, pickRecipient, type PaperPhotoParams } from './_helpers.ts';

interface P extends PaperPhotoParams {
  contactId: string;
  contactName: string;
  email: string;
  number: string;
}

/**
 * L3 cross-app: a new mail to a 电话 contact with one photo of 相册 attached (添加附件 → 从相册选择),
 * the photo named by its day, time, place and what it shows (a receipt, the ticket or a document).
 */
export default defineTask<P>({
  goal: (p) => `给联系人${p.contactName}发一封邮件，主题“${p.subject}”，把相册里${p.photoText}作为附件。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['mail', 'photos', 'contacts'],
  startApp: 'mail',
  tags: ['cross-app', 'compose', 'attachment'],
  params: { ...contactParam(), ...paperPhotoParam() },
  checkGoals: (input, p) => oneSentCriteria(input, { to: [p.email] }, (m) => [criteria.equals('its subject', m?.subject ?? null, p.subject), criteria.equals('its attachments: that photo', attachmentRefs(m), photoRef(p.photoId))]),
  expectedChanges: (input) => addedMailPaths(input),
  async oracle(ui, p) {
    await openInbox(ui);
    await ui.tap('mail.compose');
    await pickRecipient(ui, 'to', p.contactName, p.email);
    await fillCompose(ui, { subject: p.subject });
    await attachFromAlbum(ui, [p.photoId]);
    await ui.tap('mail.compose.send');
  },
});
