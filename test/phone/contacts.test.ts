import { describe, expect, it } from 'vitest';
import { createInitialState } from '../../simulator-apps/seed.ts';
import {
  addContact, addToGroup, callsWith, deleteContact, dialMatches, draftError, draftOf, endCall, markMissedSeen, personForNumber, placeCall,
  removeFromGroup, searchPeople, sections, setFavorite, unseenMissed, updateContact, validateContactsState,
} from '../../simulator-apps/contacts/logic.ts';
import { contactsRouteStack, parseContactsPath } from '../../simulator-apps/contacts/routes.ts';
import type { ContactsState } from '../../simulator-apps/contacts/types.ts';

const slice = (seed = 1): ContactsState => createInitialState(seed).apps.contacts as unknown as ContactsState;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('contacts seed', () => {
  it('is valid, rich and small', () => {
    for (const seed of [1, 2, 3, 4]) {
      const s = slice(seed);
      expect(validateContactsState(s)).toBeNull();
      expect(s.contacts.length).toBeGreaterThanOrEqual(45);
      expect(s.calls.length).toBeGreaterThanOrEqual(250);
      expect(JSON.stringify(s).length).toBeLessThan(100_000);
      expect(s.groups.map((g) => g.name)).toEqual(['家人', '同事', '朋友', '同学']);
      expect(unseenMissed(s)).toBeGreaterThanOrEqual(2);
      // Calls are in time order with increasing ids, and known callers point at a contact owning the number.
      for (let i = 1; i < s.calls.length; i++) expect(s.calls[i].time).toBeGreaterThanOrEqual(s.calls[i - 1].time);
      for (const c of s.calls) if (c.contactId) expect(personForNumber(s, c.number)?.person.id).toBe(c.contactId);
    }
  });

  it('shares the chat app’s fixed people and look-alikes', () => {
    const names = slice(3).contacts.map((c) => c.name);
    for (const n of ['妈妈', '刘总', '房东陈先生', '装修周师傅', '张伟', '张玮', '李娜', '李娜娜']) expect(names).toContain(n);
  });
});

describe('contacts rules', () => {
  it('an edit changes only that contact', () => {
    const s = slice();
    const before = clone(s);
    const target = s.contacts[5];
    const d = draftOf(target);
    d.company = '新公司';
    updateContact(s, target.id, d);
    expect(s.contacts[5].company).toBe('新公司');
    expect(s.contacts[5].pinyin).toBe(before.contacts[5].pinyin); // the name did not change
    s.contacts[5].company = before.contacts[5].company;
    expect(s).toEqual(before);
  });

  it('a deleted contact leaves its calls as bare numbers and leaves its groups', () => {
    const s = slice();
    const id = s.calls.find((c) => c.contactId !== null)!.contactId!;
    const group = s.groups.find((g) => g.memberIds.includes(id));
    const count = s.calls.length;
    deleteContact(s, id);
    expect(s.contacts.some((c) => c.id === id)).toBe(false);
    expect(s.calls.length).toBe(count);
    expect(s.calls.some((c) => c.contactId === id)).toBe(false);
    if (group) expect(s.groups.find((g) => g.id === group.id)!.memberIds).not.toContain(id);
    expect(validateContactsState(s)).toBeNull();
  });

  it('adds a contact with the next id and an index letter; rejects invalid drafts', () => {
    const s = slice();
    const d = draftOf(undefined);
    d.name = '顾晨阳';
    d.phones[0].number = '13512345678';
    const p = addContact(s, d);
    expect(p.id).toBe(`ct_${String(s.contacts.length).padStart(3, '0')}`);
    expect(p.initial).toBe('G');
    expect(sections(s.contacts).find((x) => x.letter === 'G')!.people.map((x) => x.id)).toContain(p.id);
    expect(draftError(draftOf(undefined))).toBe('请输入姓名或电话号码');
    expect(draftError({ ...d, email: 'nope' })).toBe('邮箱格式不正确');
    expect(draftError({ ...d, birthday: '1990-02-30' })).toMatch(/生日/);
  });

  it('favourite and group membership', () => {
    const s = slice();
    const p = s.contacts.find((c) => !c.favorite)!;
    setFavorite(s, p.id, true);
    expect(p.favorite).toBe(true);
    const g = s.groups.find((x) => !x.memberIds.includes(p.id))!;
    addToGroup(s, g.id, p.id);
    addToGroup(s, g.id, p.id);
    expect(g.memberIds.filter((m) => m === p.id)).toHaveLength(1);
    removeFromGroup(s, g.id, p.id);
    expect(g.memberIds).not.toContain(p.id);
  });

  it('a placed call is recorded at once and gets its duration on hang up', () => {
    const s = slice();
    const p = s.contacts[0];
    const t = s.calls[s.calls.length - 1].time + 60_000;
    const call = placeCall(s, p.phones[0].number, t);
    expect(call).toMatchObject({ direction: 'outgoing', contactId: p.id, duration: 0 });
    expect(callsWith(s, [p.phones[0].number])[0].id).toBe(call.id);
    endCall(s, call.id, t + 42_500);
    expect(s.calls[s.calls.length - 1].duration).toBe(42);
    expect(placeCall(s, '95123', t).contactId).toBeNull();
  });

  it('opening the log clears the badge', () => {
    const s = slice();
    markMissedSeen(s, s.calls[s.calls.length - 1].time);
    expect(unseenMissed(s)).toBe(0);
  });

  it('search by name, pinyin, initials and number; the dialler matches digits', () => {
    const s = slice();
    const zw = s.contacts.find((c) => c.name === '张伟')!;
    expect(searchPeople(s.contacts, '张伟').map((c) => c.name)).toEqual(['张伟']);
    expect(searchPeople(s.contacts, 'zhangwei').map((c) => c.name).sort()).toEqual(['张伟', '张玮'].sort());
    expect(searchPeople(s.contacts, zw.phones[0].number.slice(3, 9)).map((c) => c.id)).toContain(zw.id);
    expect(dialMatches(s.contacts, zw.phones[0].number).map((m) => m.person.id)).toEqual([zw.id]);
  });

  it('validation names the field', () => {
    const s = slice();
    const bad = clone(s);
    bad.groups[0].memberIds.push('ct_999');
    expect(validateContactsState(bad)).toMatch(/groups\[0\]\.memberIds/);
    expect(validateContactsState({ ...s, calls: 3 })).toMatch(/calls/);
  });
});

describe('contacts routes', () => {
  it('deep links get the stack a user would have had', () => {
    expect(contactsRouteStack('/contact/ct_003/edit')).toEqual(['/contacts', '/contact/ct_003', '/contact/ct_003/edit']);
    expect(contactsRouteStack('/group/g_2/add')).toEqual(['/contacts', '/groups', '/group/g_2', '/group/g_2/add']);
    expect(contactsRouteStack('/log/k_0001')).toEqual(['/log', '/log/k_0001']);
    expect(parseContactsPath('/nope')).toEqual({ screen: 'notFound', path: '/nope' });
  });
});
