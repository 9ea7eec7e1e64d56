/**
 * Shared pieces of the contacts suite: typed access to the contacts slice, samplers that pick
 * people the goal can be stated about unambiguously, and oracle navigation. Files starting
 * with `_` are not tasks.
 */
import type { OracleUi, Rng } from '../../bridge/tasks/api.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import type { CallEntry, ContactsState, Person } from '../../simulator-apps/contacts/types.ts';
import { normalizeNumber, personForNumber } from '../../simulator-apps/contacts/logic.ts';

export { normalizeNumber, personForNumber };

/** Opening 通话记录 clears the missed-call badge: looking is never a stray change. */
export const SEEN_PATH = 'apps.contacts.missedSeenAt';

export function contactsOf(state: PhoneState): ContactsState {
  return state.apps.contacts as unknown as ContactsState;
}

export function personById(state: PhoneState, id: string): Person | undefined {
  return contactsOf(state).contacts.find((c) => c.id === id);
}

/** Records in `after` whose id is not in `before`. */
export function added<T extends { id: string }>(before: readonly T[], after: readonly T[]): T[] {
  const ids = new Set(before.map((x) => x.id));
  return after.filter((x) => !ids.has(x.id));
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
  const count = new Map<string, number>();
  for (const c of s.contacts) count.set(c.name, (count.get(c.name) ?? 0) + 1);
  const candidates = s.contacts.filter((c) => count.get(c.name) === 1 && where(c, s));
  if (candidates.length === 0) return null;
  const c = rng.pick(candidates);
  return { contactId: c.id, contactName: c.name };
}

export const personParam = (where?: (c: Person, s: ContactsState) => boolean) => ({
  _person: { sampler: (state: PhoneState, rng: Rng) => pickPerson(state, rng, where), fields: { contactId: 'contactId', contactName: 'contactName' } },
});

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

/** Opens a person's page by searching their name on the 联系人 tab. */
export async function openPerson(ui: OracleUi, contactId: string): Promise<void> {
  const person = personById(ui.state, contactId);
  if (!person) throw new Error(`no contact ${contactId}`);
  await openTab(ui, 'contacts');
  await ui.type('contacts.search', person.name, { clear: true });
  await ui.tap(`contact.item.${contactId}`);
}
