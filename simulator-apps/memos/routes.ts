/**
 * 备忘录's screens and their paths. Pure. The memo list of every memo (`/`) or of one folder
 * (`/folder/fd_02`, `/folder/none` for 未分类), 最近删除, the folder list and a memo's editor.
 */
import { ID, matchRoute, type RoutePattern } from '../shared/routing.ts';

export type MemosScreen =
  | { screen: 'list'; scope: string }
  | { screen: 'folders' }
  | { screen: 'trash' }
  | { screen: 'memo'; memoId: string }
  | { screen: 'notFound'; path: string };

export const MEMOS_ROOT = '/';

const patterns: RoutePattern<MemosScreen>[] = [
  [/^\/$/, () => ({ screen: 'list', scope: 'all' })],
  [new RegExp(`^/folder/${ID}$`), (m) => ({ screen: 'list', scope: m[1]! })],
  [/^\/folders$/, () => ({ screen: 'folders' })],
  [/^\/trash$/, () => ({ screen: 'trash' })],
  [new RegExp(`^/memo/${ID}$`), (m) => ({ screen: 'memo', memoId: m[1]! })],
];

export function parseMemosPath(path: string): MemosScreen {
  return matchRoute(patterns, path.split('?')[0]!, path);
}

/** The list of a scope: `all`, `none` (未分类) or a folder id. */
export const scopePath = (scope: string): string => (scope === 'all' ? '/' : `/folder/${scope}`);
export const memoPath = (id: string): string => `/memo/${id}`;

/** The back stack a deep link implies: lists stand alone, the rest open over 全部备忘录. */
export function memosRouteStack(path: string): string[] {
  const s = parseMemosPath(path);
  switch (s.screen) {
    case 'list':
      return [path];
    case 'folders':
    case 'trash':
    case 'memo':
    case 'notFound':
      return [MEMOS_ROOT, path];
  }
}
