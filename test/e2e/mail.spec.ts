/**
 * 邮箱 in a real Chromium through the real bridge: a mail opened (read), answered and sent into
 * 已发送 in its conversation; a new mail to a 电话 contact picked from the suggestions, left
 * unsent and kept in 草稿箱; a meeting added to 日历; delete then restore. Every step is a real tap
 * or real typing; the assertions read the screen and the state.
 */
import { expect, test } from '@playwright/test';
import { useBridge, openPhoneAt, mustFind as find, tap, typeInto, readState as state } from './phonePage.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { mailOf, reachableContacts } from '../../tasks/mail/_helpers.ts';
import { calOf } from '../../tasks/calendar/_helpers.ts';

const bridge = useBridge();

test('open an unread mail, reply, send: it lands in 已发送 in the same conversation', async ({ browser }) => {
  const initial = createInitialState(3);
  const mail = mailOf(initial).mails.find((m) => m.folder === 'inbox' && !m.read && /\./.test(m.from.address.split('@')[0]!))!;
  const { page, device } = await openPhoneAt(bridge(), browser, 'e2e-mail-reply', initial, { app: 'mail', path: '/' });

  expect((await find(device, `mail.item.${mail.id}`)).text).toContain('未读');
  await tap(page, device, `mail.item.${mail.id}`);
  expect((await find(device, 'mail.detail.subject')).text).toBe(mail.subject);
  expect(mailOf((await state(device)).state).mails.find((m) => m.id === mail.id)!.read).toBe(true);

  await tap(page, device, 'mail.detail.reply');
  expect((await find(device, 'mail.compose.to.chip.0')).text).toContain(mail.from.name);
  await tap(page, device, 'mail.compose.body');
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('好的，明天给你答复');
  await tap(page, device, 'mail.compose.send');
  const after = await state(device);
  const sent = mailOf(after.state).mails.at(-1)!;
  expect(sent).toMatchObject({ folder: 'sent', to: [mail.from], subject: `回复：${mail.subject}`, threadId: mail.threadId, refMailId: mail.id, time: after.state.os.time.timestamp });
  expect(sent.body.startsWith('好的，明天给你答复')).toBe(true);
  expect(after.route).toEqual({ app: 'mail', path: `/mail/${mail.id}` });
  // The conversation now holds the answer (folded under the mail).
  expect((await find(device, `mail.conv.${sent.id}`)).text).toContain('好的，明天给你答复');
});

test('a new mail to a 电话 contact from the suggestions, left unsent, is kept in 草稿箱', async ({ browser }) => {
  const initial = createInitialState(4);
  const contact = reachableContacts(initial)[0]!;
  const { page, device } = await openPhoneAt(bridge(), browser, 'e2e-mail-draft', initial, { app: 'mail', path: '/' });
  await tap(page, device, 'mail.compose');
  await typeInto(page, device, 'mail.compose.to', contact.contactName);
  expect((await find(device, 'mail.compose.suggest.0')).text).toContain(contact.email);
  await tap(page, device, 'mail.compose.suggest.0');
  await typeInto(page, device, 'mail.compose.subject', '下周计划');
  await tap(page, device, 'topbar.back');
  const s = (await state(device)).state;
  const draft = mailOf(s).mails.at(-1)!;
  expect(draft).toMatchObject({ folder: 'drafts', subject: '下周计划', to: [{ name: contact.contactName, address: contact.email }] });
  expect(mailOf(s).mails.filter((m) => m.folder === 'sent').length).toBe(mailOf(initial).mails.filter((m) => m.folder === 'sent').length);
  await tap(page, device, 'mail.menu');
  await tap(page, device, 'mail.folders.drafts');
  expect((await find(device, `mail.item.${draft.id}`)).text).toContain('下周计划');
});

test('a meeting goes to 日历 once; a deleted mail comes back with 恢复', async ({ browser }) => {
  const initial = createInitialState(5);
  const invite = mailOf(initial).mails.find((m) => m.folder === 'inbox' && m.meeting)!;
  const { page, device } = await openPhoneAt(bridge(), browser, 'e2e-mail-meeting', initial, { app: 'mail', path: `/mail/${invite.id}` });
  await tap(page, device, `mail.detail.addCalendar.${invite.id}`);
  let s = (await state(device)).state;
  const event = calOf(s).events.at(-1)!;
  expect(event).toMatchObject({ title: invite.meeting!.title, startDate: invite.meeting!.date, startTime: invite.meeting!.start, endTime: invite.meeting!.end, place: invite.meeting!.place });
  expect((await find(device, `mail.detail.addCalendar.${invite.id}`)).text).toBe('已在日历');

  await tap(page, device, 'mail.detail.delete');
  s = (await state(device)).state;
  expect(mailOf(s).mails.find((m) => m.id === invite.id)).toMatchObject({ folder: 'trash', deletedFrom: 'inbox' });
  await tap(page, device, 'mail.menu');
  await tap(page, device, 'mail.folders.trash');
  await tap(page, device, `mail.item.${invite.id}`);
  await tap(page, device, 'mail.detail.restore');
  s = (await state(device)).state;
  expect(mailOf(s).mails.find((m) => m.id === invite.id)).toMatchObject({ folder: 'inbox', deletedFrom: null });
  expect(calOf(s).events.filter((e) => e.title === invite.meeting!.title && e.startDate === invite.meeting!.date)).toHaveLength(1);
});
