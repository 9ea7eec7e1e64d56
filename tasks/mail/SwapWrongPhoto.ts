import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { livePhotos, photosOf } from '../photos/_helpers.ts';
import { attachFromAlbum, attachmentRefs, contactParam, MINUTE, mailOf, mailPath, openMail, paperPhotoParam, PAPER_SUBJECTS, photoAttachment, photoRef, plantMail, sentDuring, type PaperPhotoParams } from './_helpers.ts';

interface P extends PaperPhotoParams {
  contactId: string;
  contactName: string;
  email: string;
  number: string;
  draftId: string;
  wrongPhotoId: string;
}

/**
 * L3 cross-app, the trap: a draft to a contact already carries the wrong photo of paper; the mail
 * must go out with the photo the goal names and that one only (sending it as it is, or adding the
 * right photo beside the wrong one, fails). The draft's own record is what is sent.
 */
export default defineTask<P>({
  goal: (p) => `草稿箱里给${p.contactName}的邮件“${p.subject}”附错了照片。去掉错的那张，换成相册里${p.photoText}，只附这一张，然后发送。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['mail', 'photos'],
  startApp: 'mail',
  tags: ['cross-app', 'draft', 'attachment', 'restraint', 'trap'],
  params: { ...contactParam(), ...paperPhotoParam() },
  postSample({ state, p, rng }) {
    const others = livePhotos(photosOf(state)).filter((x) => x.id !== p.photoId);
    const paper = others.filter((x) => PAPER_SUBJECTS[x.kind] !== undefined);
    const wrong = rng.pick(paper.length ? paper : others);
    const me = mailOf(state).account;
    const draft = plantMail(state, {
      folder: 'drafts', from: { ...me }, to: [{ name: p.contactName, address: p.email }], subject: p.subject, body: '附件是照片，请查收。', time: state.os.time.timestamp - 25 * MINUTE, read: true,
      attachments: [photoAttachment(wrong, state.os.time.timezone)],
    });
    p.draftId = draft.id;
    p.wrongPhotoId = wrong.id;
  },
  checkGoals: (input, p) => {
    const sent = sentDuring(input);
    const m = sent[0];
    return [
      exactlyOne('exactly one mail sent', sent, m ? mailPath(m.id) : undefined),
      criteria.equals('it is the draft', m?.id ?? null, p.draftId),
      criteria.equals('its recipient', (m?.to ?? []).map((a) => a.address.toLowerCase()).join(','), p.email.toLowerCase()),
      criteria.equals('its attachments: the named photo only', attachmentRefs(m), photoRef(p.photoId)),
    ];
  },
  expectedChanges: (_input, p) => [mailPath(p.draftId)],
  async oracle(ui, p) {
    await openMail(ui, p.draftId, 'drafts');
    await ui.tap('mail.compose.attachment.remove.1');
    await attachFromAlbum(ui, [p.photoId]);
    await ui.tap('mail.compose.send');
  },
});
