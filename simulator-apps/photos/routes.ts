/**
 * 相册's screens and their paths. Pure. Two tabs (照片, 相册); an album (`/album/<key>`: `favorites`,
 * `camera`, `screenshots`, or a user album's, place's or person's id), the viewer (`/photo/<id>`,
 * with `?in=<album key>` or `?in=trash` naming the photos it pages through), the editor, 最近删除
 * and search. Sheets (add to album, share, info, the picker) are not routes.
 */
import { ID, matchRoute, type RoutePattern } from '../shared/routing.ts';

export type PhotosTab = '/' | '/albums';
export const PHOTOS_TABS: readonly PhotosTab[] = ['/', '/albums'];

export type PhotosScreen =
  | { screen: 'photos' }
  | { screen: 'albums' }
  | { screen: 'album'; key: string }
  | { screen: 'viewer'; photoId: string; within: string | null }
  | { screen: 'edit'; photoId: string }
  | { screen: 'trash' }
  | { screen: 'search'; q: string }
  | { screen: 'notFound'; path: string };

export const PHOTOS_ROOT = '/';

const patterns: RoutePattern<PhotosScreen>[] = [
  [/^\/$/, () => ({ screen: 'photos' })],
  [/^\/albums$/, () => ({ screen: 'albums' })],
  [/^\/trash$/, () => ({ screen: 'trash' })],
  [/^\/search$/, (_m, q) => ({ screen: 'search', q: q.get('q') ?? '' })],
  [new RegExp(`^/album/${ID}$`), (m) => ({ screen: 'album', key: m[1] })],
  [new RegExp(`^/photo/${ID}$`), (m, q) => ({ screen: 'viewer', photoId: m[1], within: q.get('in') })],
  [new RegExp(`^/photo/${ID}/edit$`), (m) => ({ screen: 'edit', photoId: m[1] })],
];

export function parsePhotosPath(path: string): PhotosScreen {
  const [base, query = ''] = path.split('?');
  return matchRoute(patterns, base, path, new URLSearchParams(query));
}

export function viewerPath(photoId: string, within: string | null): string {
  return within === null ? `/photo/${photoId}` : `/photo/${photoId}?in=${within}`;
}

export function searchPath(q: string): string {
  return q === '' ? '/search' : `/search?q=${encodeURIComponent(q)}`;
}

/** The tab a path is the root of, if any. */
export function tabOf(path: string): PhotosTab | null {
  return (PHOTOS_TABS as readonly string[]).includes(path) ? (path as PhotosTab) : null;
}

/** The back stack a deep link implies. */
export function photosRouteStack(path: string): string[] {
  const s = parsePhotosPath(path);
  switch (s.screen) {
    case 'photos':
    case 'albums':
      return [path];
    case 'album':
    case 'trash':
      return ['/albums', path];
    case 'search':
    case 'notFound':
      return [PHOTOS_ROOT, path];
    case 'viewer':
      if (s.within === 'trash') return ['/albums', '/trash', path];
      return s.within === null ? [PHOTOS_ROOT, path] : ['/albums', `/album/${s.within}`, path];
    case 'edit':
      return [PHOTOS_ROOT, `/photo/${s.photoId}`, path];
  }
}
