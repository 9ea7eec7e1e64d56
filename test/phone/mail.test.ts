import { describe, expect, it } from 'vitest';
import { createInitialState, phoneSeeds } from '../../simulator-apps/seed.ts';
import { Rng } from '../../simulator-apps/shared/rng.ts';
import { createMailState } from '../../simulator-apps/mail/seed.ts';
import {
  composeStart,
  conversationOf,
  createFolder,
  deleteMail,
  emptyFolder,
  folderBadge,
  folderNameProblem,
  hasContent,
  mailsIn,
  MailRuleError,
  moveMail,
  photoAttachment,
  photoIdOf,
  restoreMail,
  saveDraft,
  searchMails,
  sendMail,
  sendProblem,
  sizeText,
  validateMailState,
} from '../../simulator-apps/mail/logic.ts';
import { mailRouteStack, parseMailPath } from '../../simulator-apps/mail/routes.ts';
import type { MailState } from '../../simulator-apps/mail/types.ts';

/** Only the mail slice of a seed's phone (the same one the whole phone gets; the other apps are not made). */
const mailOf = (seed: number) => {
  const { os, apps } = phoneSeeds(seed);
  return { mail: apps.find(([id]) => id === 'mail')![1]() as unknown as MailState, now: os.time.timestamp };
};

describe('the mail seed', () => {
  it('is valid, deterministic and under 50 KB at every seed 1-20', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const { mail } = mailOf(seed);
      expect(validateMailState(mail), `seed ${seed}`).toBeNull();
      expect(JSON.stringify(mail).length, `seed ${seed}`).toBeLessThan(50_000);
      expect(JSON.stringify(mailOf(seed).mail)).toBe(JSON.stringify(mail));
    }
  });

  it('differs between seeds and has what the tasks draw from', () => {
    expect(JSON.stringify(mailOf(1).mail)).not.toBe(JSON.stringify(mailOf(2).mail));
    for (let seed = 1; seed <= 20; seed++) {
      const { mail, now } = mailOf(seed);
      const ids = mail.mails.map((m) => m.id);
      expect(ids).toEqual([...ids].sort());
      expect(mail.mails.every((m) => m.time <= now), `seed ${seed}: no mail from the future`).toBe(true);
      expect(mail.mails.some((m) => m.meeting && m.meeting.date > '2026-03-14' && m.folder === 'inbox')).toBe(true);
      expect(mail.mails.some((m) => m.folder === 'inbox' && !m.read && m.subject.includes('验证码'))).toBe(true);
      for (const f of ['sent', 'drafts', 'trash', 'spam']) expect(mailsIn(mail, f).length, `seed ${seed} ${f}`).toBeGreaterThan(0);
      for (const m of mail.mails) if (m.refMailId) expect(ids).toContain(m.refMailId);
      for (const m of mail.mails) m.attachments.forEach((a, n) => expect(a.ref).toBe(`att:${m.id}:${n + 1}`));
    }
  });

  it('is the slice the whole phone gets', () => {
    expect(createInitialState(2).apps.mail).toEqual(mailOf(2).mail);
  });

  it('is the same slice made alone, from its own fork', () => {
    const a = createMailState(new Rng(7), { now: Date.UTC(2026, 2, 14, 2), timezone: 'Asia/Shanghai' });
    const b = createMailState(new Rng(7), { now: Date.UTC(2026, 2, 14, 2), timezone: 'Asia/Shanghai' });
    expect(a).toEqual(b);
  });
});

describe('mail rules', () => {
  it('deletes into 已删除 remembering the folder, restores there, and erases from 已删除', () => {
    const { mail } = mailOf(3);
    const m = mailsIn(mail, 'inbox')[0]!;
    expect(deleteMail(mail, m.id)).toBe('trashed');
    expect(m).toMatchObject({ folder: 'trash', deletedFrom: 'inbox' });
    expect(restoreMail(mail, m.id)).toBe('inbox');
    expect(m).toMatchObject({ folder: 'inbox', deletedFrom: null });
    expect(() => restoreMail(mail, m.id)).toThrow(MailRuleError);
    deleteMail(mail, m.id);
    expect(deleteMail(mail, m.id)).toBe('erased');
    expect(mail.mails.some((x) => x.id === m.id)).toBe(false);
  });

  it('moves only to folders that take mail, and 清空 removes a folder’s mail and nothing else', () => {
    const { mail } = mailOf(4);
    const m = mailsIn(mail, 'inbox')[0]!;
    expect(() => moveMail(mail, m.id, 'drafts')).toThrow(MailRuleError);
    expect(() => moveMail(mail, m.id, 'f_99')).toThrow(MailRuleError);
    moveMail(mail, m.id, mail.folders[0]!.id);
    expect(m.folder).toBe(mail.folders[0]!.id);
    const total = mail.mails.length;
    const spam = mailsIn(mail, 'spam').length;
    expect(emptyFolder(mail, 'spam')).toBe(spam);
    expect(mail.mails.length).toBe(total - spam);
    expect(mailsIn(mail, 'trash').length).toBeGreaterThan(0);
  });

  it('refuses folder names that are empty, too long or taken', () => {
    const { mail } = mailOf(5);
    expect(folderNameProblem(mail, ' ')).toBe('请输入文件夹名称');
    expect(folderNameProblem(mail, '收件箱')).toBe('已有同名文件夹');
    expect(folderNameProblem(mail, mail.folders[0]!.name)).toBe('已有同名文件夹');
    expect(folderNameProblem(mail, '一二三四五六七八九十一二三')).toBe('文件夹名称最多12个字');
    const id = createFolder(mail, ' 发票 ');
    expect(mail.folders.at(-1)).toEqual({ id, name: '发票' });
  });

  it('answers: reply to the sender, reply all without me, forward keeping attachments', () => {
    const { mail } = mailOf(6);
    const m = mail.mails.find((x) => x.folder === 'inbox' && x.attachments.length > 0)!;
    m.cc = [{ name: '甲', address: 'jia@qmail.com' }, { ...mail.account }];
    const reply = composeStart(mail, 'reply', m);
    expect(reply).toMatchObject({ to: [m.from], cc: [], subject: `回复：${m.subject}`, refMailId: m.id, refKind: 'reply', threadId: m.threadId, attachments: [] });
    const all = composeStart(mail, 'replyAll', m);
    expect(all.to).toEqual([m.from]);
    expect(all.cc).toEqual([{ name: '甲', address: 'jia@qmail.com' }]);
    const fwd = composeStart(mail, 'forward', m);
    expect(fwd).toMatchObject({ to: [], subject: `转发：${m.subject}`, refKind: 'forward', threadId: null });
    expect(fwd.attachments).toEqual(m.attachments);
    expect(composeStart(mail, 'reply', { ...m, subject: reply.subject }).subject).toBe(reply.subject);
  });

  it('sends at the given time into 已发送 (a draft keeps its id), and refuses without a good recipient', () => {
    const { mail, now } = mailOf(7);
    const d = composeStart(mail, 'new', undefined);
    expect(hasContent(d, mail)).toBe(false);
    expect(sendProblem(d)).toBe('请填写收件人');
    d.to.push({ name: '', address: 'not-an-address' });
    expect(() => sendMail(mail, d, now)).toThrow('收件人地址有误：not-an-address');
    d.to = [{ name: '乙', address: 'yi@qmail.com' }];
    d.subject = '你好';
    expect(hasContent(d, mail)).toBe(true);
    const draftId = saveDraft(mail, d, now);
    expect(mail.mails.find((m) => m.id === draftId)).toMatchObject({ folder: 'drafts', time: now, from: mail.account });
    const again = composeStart(mail, 'draft', mail.mails.find((m) => m.id === draftId));
    expect(sendMail(mail, again, now + 60_000)).toBe(draftId);
    expect(mail.mails.find((m) => m.id === draftId)).toMatchObject({ folder: 'sent', time: now + 60_000, to: [{ name: '乙', address: 'yi@qmail.com' }] });
    expect(mailsIn(mail, 'drafts').some((m) => m.id === draftId)).toBe(false);
  });

  it('lists conversations in order, searches outside 已删除 and 垃圾邮件, and counts unread', () => {
    const { mail } = mailOf(8);
    const reply = mail.mails.find((m) => m.refKind === 'reply' && m.folder === 'inbox')!;
    const conv = conversationOf(mail, reply);
    expect(conv.map((m) => m.id)).toContain(reply.refMailId);
    expect(conv.map((m) => m.time)).toEqual([...conv.map((m) => m.time)].sort((a, b) => a - b));
    const spam = mailsIn(mail, 'spam')[0]!;
    expect(searchMails(mail, spam.subject)).toEqual([]);
    expect(searchMails(mail, reply.subject.replace('回复：', '')).map((m) => m.id)).toContain(reply.id);
    expect(folderBadge(mail, 'inbox')).toBe(mailsIn(mail, 'inbox').filter((m) => !m.read).length);
    expect(sizeText(356 * 1024)).toBe('356 KB');
    expect(sizeText(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });

  it('validates the slice, naming the field', () => {
    const { mail } = mailOf(9);
    expect(validateMailState({ ...mail, mails: [{ ...mail.mails[0], folder: 'nowhere' }] })).toMatch(/apps\.mail\.mails\[0\]\.folder/);
    expect(validateMailState({ ...mail, settings: null })).toMatch(/apps\.mail\.settings/);
    expect(validateMailState({ ...mail, mails: [mail.mails[0], mail.mails[0]] })).toMatch(/used twice/);
  });

  it('a photo of 相册 attaches as a camera file named by when it was taken, on the phone\'s clock', () => {
    // 2026-03-05 06:20:07 UTC is 14:20:07 in Shanghai.
    const att = photoAttachment({ id: 'ph_007', takenAt: Date.UTC(2026, 2, 5, 6, 20, 7), bytes: 2_345_678 }, 'Asia/Shanghai');
    expect(att).toEqual({ kind: 'photo', name: 'IMG_20260305_142007.jpg', size: 2_345_678, ref: 'photos:ph_007' });
    expect(photoAttachment({ id: 'ph_007', takenAt: Date.UTC(2026, 2, 5, 6, 20, 7), bytes: 1 }, 'UTC').name).toBe('IMG_20260305_062007.jpg');
    expect([photoIdOf(att), photoIdOf({ ref: 'att:m_0001:1' })]).toEqual(['ph_007', null]);
    const { mail } = mailOf(3);
    expect(validateMailState({ ...mail, mails: [{ ...mail.mails[0]!, attachments: [att] }] })).toBeNull();
  });
});

describe('mail routes', () => {
  it('parses paths and deep links into back stacks', () => {
    expect(parseMailPath('/')).toEqual({ screen: 'folder', folder: 'inbox' });
    expect(parseMailPath('/folder/spam')).toEqual({ screen: 'folder', folder: 'spam' });
    expect(parseMailPath('/compose/forward/m_0003')).toEqual({ screen: 'compose', mode: 'forward', refId: 'm_0003', to: null });
    expect(parseMailPath('/compose?to=a%40b.cn')).toEqual({ screen: 'compose', mode: 'new', refId: null, to: 'a@b.cn' });
    expect(parseMailPath('/nowhere')).toEqual({ screen: 'notFound', path: '/nowhere' });
    expect(mailRouteStack('/mail/m_0001')).toEqual(['/', '/mail/m_0001']);
    expect(mailRouteStack('/settings')).toEqual(['/', '/folders', '/settings']);
  });
});
