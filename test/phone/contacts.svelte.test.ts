import { flushSync, tick } from 'svelte';
import { describe, expect, it } from 'vitest';
import { click, mountPhone, type } from './mountedPhone.ts';
import type { ContactsState } from '../../simulator-apps/contacts/types.ts';
import { unseenMissed } from '../../simulator-apps/contacts/logic.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

function start(seed = 1) {
  const m = mountPhone(createInitialState(seed));
  return { phone: m.phone, ui: m.ui, has: m.has, data: () => m.slice<ContactsState>('contacts') };
}

describe('contacts app', () => {
  it('an unsaved edit survives a look at another tab; 取消 with changes asks before discarding', async () => {
    const { phone, ui, data } = start();
    click(ui('app.contacts'));
    const person = data().contacts[3];
    type(ui('contacts.search'), person.name);
    click(ui(`contact.item.${person.id}`));
    click(ui('contact.edit'));
    type(ui('edit.company'), '临时公司');
    click(ui('tab.log'));
    expect(phone.route.path).toBe('/log');
    click(ui('tab.contacts'));
    expect(phone.route.path).toBe(`/contact/${person.id}/edit`);
    expect((ui('edit.company') as HTMLInputElement).value).toBe('临时公司');

    click(ui('edit.cancel'));
    await tick();
    flushSync();
    expect(phone.dialog?.title).toBe('放弃更改？');
    phone.answerDialog(true);
    await tick();
    flushSync();
    expect(phone.route.path).toBe(`/contact/${person.id}`);
    expect(data().contacts[3]).toEqual(person);
  });

  it('a call is logged; the log tab clears the missed badge', async () => {
    const { phone, ui, data } = start();
    click(ui('app.contacts'));
    expect(unseenMissed(data())).toBeGreaterThan(0);
    expect(ui('tab.log').textContent).toContain(String(unseenMissed(data())));
    const person = data().contacts[0];
    type(ui('contacts.search'), person.name);
    click(ui(`contact.item.${person.id}`));
    const count = data().calls.length;
    click(ui('contact.call'));
    expect(phone.route.path).toMatch(/^\/call\/k_\d{4}$/);
    phone.advanceTime(12_000);
    flushSync();
    click(ui('call.hangup'));
    const last = data().calls.at(-1)!;
    expect(data().calls).toHaveLength(count + 1);
    expect(last).toMatchObject({ direction: 'outgoing', contactId: person.id, number: person.phones[0].number, duration: 12 });
    expect(phone.route.path).toBe(`/contact/${person.id}`);
    click(ui('tab.log'));
    expect(unseenMissed(data())).toBe(0);
    expect(ui('tab.log').textContent).not.toMatch(/\d/);
  });
});
