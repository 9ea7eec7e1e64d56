/**
 * 邮箱's screens and their paths. Pure. The inbox is the root; 邮箱列表 lists the folders, and a
 * folder opens in place of it. Sheets (move to, the sender, share) are not routes.
 */
import { ID, matchRoute, type RoutePattern } from '../shared/routing.ts';
import type { ComposeMode } from './logic.ts';

export type MailScreen =
  | { screen: 'folder'; folder: string }
  | { screen: 'folders' }
  | { screen: 'mail'; mailId: string }
  | { screen: 'compose'; mode: ComposeMode; refId: string | null; to: string | null }
  | { screen: 'search' }
  | { screen: 'settings' }
  | { screen: 'notFound'; path: string };

export const MAIL_ROOT = '/';

const MODES: readonly ComposeMode[] = ['reply', 'replyAll', 'forward', 'draft'];

const patterns: RoutePattern<MailScreen>[] = [
  [/^\/$/, () => ({ screen: 'folder', folder: 'inbox' })],
  [new RegExp(`^/folder/${ID}$`), (m) => ({ screen: 'folder', folder: m[1] })],
  [/^\/folders$/, () => ({ screen: 'folders' })],
  [new RegExp(`^/mail/${ID}$`), (m) => ({ screen: 'mail', mailId: m[1] })],
  [/^\/compose$/, (_m, q) => ({ screen: 'compose', mode: 'new', refId: null, to: q.get('to') })],
  [new RegExp(`^/compose/(${MODES.join('|')})/${ID}$`), (m) => ({ screen: 'compose', mode: m[1] as ComposeMode, refId: m[2], to: null })],
  [/^\/search$/, () => ({ screen: 'search' })],
  [/^\/settings$/, () => ({ screen: 'settings' })],
];

export function parseMailPath(path: string): MailScreen {
  const [base, query = ''] = path.split('?');
  return matchRoute(patterns, base, path, new URLSearchParams(query));
}

/** A compose screen: afresh (to an address, when given), or answering, passing on or finishing a mail. */
export function composePath(mode: ComposeMode, refId: string | null, to?: string): string {
  if (mode !== 'new' && refId !== null) return `/compose/${mode}/${refId}`;
  return to ? `/compose?to=${encodeURIComponent(to)}` : '/compose';
}

export function folderPath(folder: string): string {
  return folder === 'inbox' ? MAIL_ROOT : `/folder/${folder}`;
}

/** The back stack a deep link implies. */
export function mailRouteStack(path: string): string[] {
  const s = parseMailPath(path);
  switch (s.screen) {
    case 'folder':
      return s.folder === 'inbox' ? [MAIL_ROOT] : [MAIL_ROOT, path];
    case 'settings':
      return [MAIL_ROOT, '/folders', path];
    default:
      return [MAIL_ROOT, path];
  }
}
