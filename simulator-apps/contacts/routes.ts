/**
 * The contacts app's screens and their paths. Pure: the shell, the seed and the tests use it
 * without Svelte. A path is what `Route.path` carries while the contacts app is in front.
 */
import { stackFromParents } from '../shared/routeStack.ts';
import { ID, matchRoute, type RoutePattern } from '../shared/routing.ts';

export type ContactsScreen =
  | { screen: 'dial' }
  | { screen: 'log' }
  | { screen: 'contacts' }
  | { screen: 'favorites' }
  | { screen: 'contact'; contactId: string }
  | { screen: 'edit'; contactId: string }
  | { screen: 'new' }
  | { screen: 'callDetail'; callId: string }
  | { screen: 'groups' }
  | { screen: 'group'; groupId: string }
  | { screen: 'groupAdd'; groupId: string }
  | { screen: 'inCall'; callId: string }
  | { screen: 'notFound'; path: string };

export const CONTACTS_ROOT = '/contacts';
export const CONTACTS_TABS = ['/dial', '/log', '/contacts', '/favorites'] as const;
export type ContactsTab = (typeof CONTACTS_TABS)[number];

const patterns: RoutePattern<ContactsScreen>[] = [
  [/^\/dial$/, () => ({ screen: 'dial' })],
  [/^\/log$/, () => ({ screen: 'log' })],
  [/^\/contacts$/, () => ({ screen: 'contacts' })],
  [/^\/favorites$/, () => ({ screen: 'favorites' })],
  [/^\/new$/, () => ({ screen: 'new' })],
  [/^\/groups$/, () => ({ screen: 'groups' })],
  [new RegExp(`^/contact/${ID}/edit$`), (m) => ({ screen: 'edit', contactId: m[1] })],
  [new RegExp(`^/contact/${ID}$`), (m) => ({ screen: 'contact', contactId: m[1] })],
  [new RegExp(`^/log/${ID}$`), (m) => ({ screen: 'callDetail', callId: m[1] })],
  [new RegExp(`^/group/${ID}/add$`), (m) => ({ screen: 'groupAdd', groupId: m[1] })],
  [new RegExp(`^/group/${ID}$`), (m) => ({ screen: 'group', groupId: m[1] })],
  [new RegExp(`^/call/${ID}$`), (m) => ({ screen: 'inCall', callId: m[1] })],
];

export function parseContactsPath(path: string): ContactsScreen {
  return matchRoute(patterns, path, path);
}

export function isContactsTab(path: string): path is ContactsTab {
  return (CONTACTS_TABS as readonly string[]).includes(path);
}

/** The screen a screen is reached from (null: it is a tab's root). */
function parentOf(s: ContactsScreen): string | null {
  switch (s.screen) {
    case 'dial':
    case 'log':
    case 'contacts':
    case 'favorites':
      return null;
    case 'contact':
    case 'new':
    case 'groups':
    case 'notFound':
      return CONTACTS_ROOT;
    case 'edit':
      return `/contact/${s.contactId}`;
    case 'callDetail':
      return '/log';
    case 'group':
      return '/groups';
    case 'groupAdd':
      return `/group/${s.groupId}`;
    case 'inCall':
      return '/dial';
  }
}

/** The back stack a deep link implies. */
export function contactsRouteStack(path: string): string[] {
  return stackFromParents(path, (p) => parentOf(parseContactsPath(p)));
}

/** The tab a screen belongs to (where its back stack starts). */
export function tabOf(path: string): ContactsTab {
  return contactsRouteStack(path)[0] as ContactsTab;
}
