/**
 * 电话 (contacts) in a real Chromium through the real bridge: a new contact typed into the form
 * is saved and opened; dialling its number by the keypad calls it, and the call is in the log
 * under its name. The edit form asks before the system back drops its changes.
 */
import { expect, test } from '@playwright/test';
import { useBridge, openPhoneAt, find, tap, typeInto, readState } from './phonePage.ts';
import { contactsOf } from '../../tasks/contacts/_helpers.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const bridge = useBridge();

test('a new contact, then a call to it from the dialler, logged under its name', async ({ browser }) => {
  const initial = createInitialState(4);
  const before = contactsOf(initial);
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-contacts-new', initial, { app: 'contacts', path: '/contacts' });

  await tap(page, device, 'contacts.add');
  await typeInto(page, device, 'edit.name', '测试新人');
  await typeInto(page, device, 'edit.phone.0', '13912345678');
  // The system back asks first; 取消 keeps the form and its text.
  await device.call('navigate', { key: 'back' });
  expect(await find(device, 'dialog.confirm')).toBeTruthy();
  await tap(page, device, 'dialog.cancel');
  expect((await find(device, 'edit.name'))?.value).toBe('测试新人');
  await tap(page, device, 'edit.save');

  let { state, route } = await readState(device);
  const person = contactsOf(state).contacts.at(-1)!;
  expect(contactsOf(state).contacts).toHaveLength(before.contacts.length + 1);
  expect(person).toMatchObject({ name: '测试新人', phones: [{ number: '13912345678' }] });
  expect(route.path).toBe(`/contact/${person.id}`);
  expect((await find(device, 'contact.name'))?.text).toBe('测试新人');

  await tap(page, device, 'tab.dial');
  for (const d of '13912345678') await tap(page, device, `dial.key.${d}`);
  expect((await find(device, 'dial.number'))?.text.replace(/\s/g, '')).toBe('13912345678');
  await tap(page, device, 'dial.call');
  expect((await find(device, 'call.name'))?.text).toBe('测试新人');
  await tap(page, device, 'call.hangup');
  ({ state, route } = await readState(device));
  const call = contactsOf(state).calls.at(-1)!;
  expect(call).toMatchObject({ number: '13912345678', contactId: person.id, direction: 'outgoing' });

  await tap(page, device, 'tab.log');
  expect((await find(device, `log.item.${call.id}`))?.text).toContain('测试新人');
  await close();
});
