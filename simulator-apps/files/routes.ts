/**
 * The file manager's screens and their paths. Pure. Three tabs (最近, 分类, 浏览 = 内部存储), a
 * category's files, a folder, a file's detail and its text viewer, the folder picker of 移动/复制,
 * search, 收藏 and 回收站.
 */
import { ID, matchRoute, type RoutePattern } from '../shared/routing.ts';
import { KINDS } from './data.ts';
import type { FileKind } from './types.ts';

export type FilesTab = '/' | '/categories' | '/browse';
export const FILES_TABS: readonly FilesTab[] = ['/', '/categories', '/browse'];
export const FILES_ROOT = '/';

export type FilesScreen =
  | { screen: 'recent' }
  | { screen: 'categories' }
  | { screen: 'browse' }
  | { screen: 'category'; kind: FileKind }
  | { screen: 'folder'; folderId: string }
  | { screen: 'file'; fileId: string }
  | { screen: 'viewer'; fileId: string }
  | { screen: 'pick'; folderId: string }
  | { screen: 'search' }
  | { screen: 'favorites' }
  | { screen: 'trash' }
  | { screen: 'notFound'; path: string };

const patterns: RoutePattern<FilesScreen>[] = [
  [/^\/$/, () => ({ screen: 'recent' })],
  [/^\/categories$/, () => ({ screen: 'categories' })],
  [/^\/browse$/, () => ({ screen: 'browse' })],
  [new RegExp(`^/category/(${KINDS.join('|')})$`), (m) => ({ screen: 'category', kind: m[1] as FileKind })],
  [new RegExp(`^/folder/${ID}$`), (m) => ({ screen: 'folder', folderId: m[1] })],
  [new RegExp(`^/file/${ID}$`), (m) => ({ screen: 'file', fileId: m[1] })],
  [new RegExp(`^/file/${ID}/view$`), (m) => ({ screen: 'viewer', fileId: m[1] })],
  [new RegExp(`^/pick/${ID}$`), (m) => ({ screen: 'pick', folderId: m[1] })],
  [/^\/search$/, () => ({ screen: 'search' })],
  [/^\/favorites$/, () => ({ screen: 'favorites' })],
  [/^\/trash$/, () => ({ screen: 'trash' })],
];

export function parseFilesPath(path: string): FilesScreen {
  return matchRoute(patterns, path.split('?')[0], path);
}

export const folderPathOf = (id: string): string => `/folder/${id}`;
export const filePathOf = (id: string): string => `/file/${id}`;

export function tabOf(path: string): FilesTab | null {
  return (FILES_TABS as readonly string[]).includes(path) ? (path as FilesTab) : null;
}

/** The back stack a deep link implies. */
export function filesRouteStack(path: string): string[] {
  const s = parseFilesPath(path);
  switch (s.screen) {
    case 'recent':
      return [FILES_ROOT];
    case 'categories':
    case 'browse':
      return [path];
    case 'category':
      return ['/categories', path];
    case 'folder':
    case 'favorites':
    case 'trash':
      return ['/browse', path];
    case 'viewer':
      return [FILES_ROOT, `/file/${s.fileId}`, path];
    case 'file':
    case 'pick':
    case 'search':
    case 'notFound':
      return [FILES_ROOT, path];
  }
}
