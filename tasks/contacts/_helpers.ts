/**
 * Shared pieces of the contacts suite: typed access to the contacts slice, samplers that pick
 * people the goal can be stated about unambiguously, and oracle navigation. Files starting
 * with `_` are not tasks.
 */
import type { OracleUi, Rng } from '../../bridge/tasks/api.ts';
import { criteria } from '../../bridge/tasks/api.ts';
import type { Criterion, JudgeInput } from '../../bridge/judge/judge.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import type { CallEntry, ContactsState, Person } from '../../simulator-apps/contacts/types.ts';
import { normalizeNumber, personForNumber } from '../../simulator-apps/contacts/logic.ts';
import { addedRecords as added, pickOrNull, uniquelyNamed } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';
import { oneAdded } from '../_shared/criteria.ts';

export { added, normalizeNumber, personForNumber };

/** Opening 通话记录 clears the missed-call badge: looking is never a stray change. */
export const SEEN_PATH = 'apps.contacts.missedSeenAt';

export function contactsOf(state: PhoneState): ContactsState {
  return state.apps.contacts as unknown as ContactsState;
}

export function personById(state: PhoneState, id: string): Person | undefined {
  return contactsOf(state).contacts.find((c) => c.id === id);
}

/** Contacts in the final state that were not in the book at the start. */
export function newContacts(input: JudgeInput): Person[] {
  return added(contactsOf(input.init).contacts, contactsOf(input.final).contacts);
}

/** The new contacts' paths, for `expectedChanges`. */
export function newContactPaths(input: JudgeInput): string[] {
  return newContacts(input).map((c) => `apps.contacts.contacts[${c.id}]`);
}

/** What a task that adds contacts may change: the new contacts, and the missed-call badge (`SEEN_PATH`). */
export function newContactChanges(input: JudgeInput): string[] {
  return [...newContactPaths(input), SEEN_PATH];
}

/** A task that adds one contact: exactly one new contact, its name, then `more` about it (undefined when there is none). */
export function newContactCriteria(input: JudgeInput, name: string, more: (c: Person | undefined) => Criterion[]): Criterion[] {
  return oneAdded('exactly one new contact', newContacts(input), (c) => [criteria.equals('its name', c?.name ?? null, name), ...more(c)]);
}

export function newCalls(init: PhoneState, final: PhoneState): CallEntry[] {
  return added(contactsOf(init).calls, contactsOf(final).calls);
}

/** The new calls' paths, for `expectedChanges`. */
export function newCallPaths(init: PhoneState, final: PhoneState): string[] {
  return newCalls(init, final).map((c) => `apps.contacts.calls[${c.id}]`);
}

export interface PersonParams extends Record<string, unknown> {
  contactId: string;
  contactName: string;
}

/** A person whose name no other contact has, satisfying `where`. */
export function pickPerson(state: PhoneState, rng: Rng, where: (c: Person, s: ContactsState) => boolean = () => true): PersonParams | null {
  const s = contactsOf(state);
  const c = pickOrNull(rng, uniquelyNamed(s.contacts, (x) => x.name, (x) => where(x, s)));
  return c && { contactId: c.id, contactName: c.name };
}

/** The `_person` parameter: one person `pickPerson` finds, spread into contactId and contactName. */
export const personParam = (where?: (c: Person, s: ContactsState) => boolean) => spreadParam('_person', ['contactId', 'contactName'], (state, rng) => pickPerson(state, rng, where));

/** The look-alike names shared with the chat app (张伟/张玮, 李娜/李娜娜, …). */
export const LOOK_ALIKES = ['王晓雨', '王小雨', '张伟', '张玮', '李娜', '李娜娜', '陈静', '陈晶', '刘洋', '刘阳'] as const;

// --- oracle navigation ------------------------------------------------------------------------

const TABS = ['/dial', '/log', '/contacts', '/favorites'];

/** From anywhere, into the contacts app on the given tab's root. */
export async function openTab(ui: OracleUi, tab: 'dial' | 'log' | 'contacts' | 'favorites'): Promise<void> {
  if (ui.route.app !== 'contacts') {
    if (ui.find('app.contacts')) await ui.tap('app.contacts');
    else await ui.openApp('contacts');
  }
  if (ui.route.path !== `/${tab}`) await ui.tap(`tab.${tab}`);
  if (!TABS.includes(ui.route.path)) await ui.tap(`tab.${tab}`);
}

/** 联系人 → 新建联系人 → name, 手机 number (and company) → 保存. */
export async function addContactThroughUi(ui: OracleUi, name: string, number: string, company?: string): Promise<void> {
  await openTab(ui, 'contacts');
  await ui.tap('contacts.add');
  await ui.type('edit.name', name);
  await ui.type('edit.phone.0', number);
  if (company !== undefined) await ui.type('edit.company', company);
  await ui.tap('edit.save');
}

/** Opens a person's page by searching their name on the 联系人 tab. */
export async function openPerson(ui: OracleUi, contactId: string): Promise<void> {
  const person = personById(ui.state, contactId);
  if (!person) throw new Error(`no contact ${contactId}`);
  await openTab(ui, 'contacts');
  await ui.type('contacts.search', person.name, { clear: true });
  await ui.tap(`contact.item.${contactId}`);
}
