/**
 * 小橙书's screens and their paths. Pure. Feed tabs, search filters and the note page's sheets live
 * in the path (`/note/n_012?sheet=collect`), so back from a note returns to the same list and the
 * system back closes a sheet before it leaves the note.
 */
import { CATEGORIES, NOTIFICATION_KINDS, type Category, type NotificationKind } from './types.ts';
import { FEED_TABS, SEARCH_SORTS, SEARCH_TIMES, type FeedTab, type SearchSort, type SearchTime } from './logic.ts';
import { ID } from '../shared/routing.ts';

export type NotesTab = '/' | '/hot' | '/messages' | '/me';
export const NOTES_TABS: readonly NotesTab[] = ['/', '/hot', '/messages', '/me'];
export type MeTab = 'notes' | 'collects' | 'likes';
export type NoteSheet = 'collect' | 'share' | null;

export interface SearchQuery {
  q: string;
  tab: 'all' | 'users';
  category: Category | null;
  time: SearchTime;
  sort: SearchSort;
}

export type NotesScreen =
  | { screen: 'home'; feed: FeedTab; category: Category | null }
  | { screen: 'hot' }
  | { screen: 'messages' }
  | { screen: 'notifications'; kind: NotificationKind }
  | { screen: 'me'; tab: MeTab }
  | { screen: 'editProfile' }
  | { screen: 'drafts' }
  | { screen: 'board'; boardId: string }
  | { screen: 'note'; noteId: string; sheet: NoteSheet }
  | { screen: 'author'; authorId: string }
  | { screen: 'search' }
  | { screen: 'results'; query: SearchQuery }
  /** `photoId`: a photo of 相册 the new note starts with (分享 → 小橙书, `/publish?photo=<id>`). */
  | { screen: 'publish'; draftId: string | null; photoId: string | null }
  | { screen: 'notFound'; path: string };

export const NOTES_ROOT = '/';


const isCategory = (v: string | null): v is Category => v !== null && (CATEGORIES as readonly string[]).includes(v);

export function parseNotesPath(path: string): NotesScreen {
  const [base, query = ''] = path.split('?');
  const q = new URLSearchParams(query);
  if (base === '/') {
    const f = q.get('feed');
    const cat = q.get('cat');
    return { screen: 'home', feed: (FEED_TABS as readonly string[]).includes(f ?? '') ? (f as FeedTab) : 'explore', category: isCategory(cat) ? cat : null };
  }
  if (base === '/hot') return { screen: 'hot' };
  if (base === '/messages') return { screen: 'messages' };
  let m = base.match(/^\/messages\/([a-z]+)$/);
  if (m && (NOTIFICATION_KINDS as readonly string[]).includes(m[1])) return { screen: 'notifications', kind: m[1] as NotificationKind };
  if (base === '/me') {
    const t = q.get('tab');
    return { screen: 'me', tab: t === 'collects' || t === 'likes' ? t : 'notes' };
  }
  if (base === '/me/edit') return { screen: 'editProfile' };
  if (base === '/drafts') return { screen: 'drafts' };
  if ((m = base.match(new RegExp(`^/board/${ID}$`)))) return { screen: 'board', boardId: m[1] };
  if ((m = base.match(new RegExp(`^/note/${ID}$`)))) {
    const sheet = q.get('sheet');
    return { screen: 'note', noteId: m[1], sheet: sheet === 'collect' || sheet === 'share' ? sheet : null };
  }
  if ((m = base.match(new RegExp(`^/author/${ID}$`)))) return { screen: 'author', authorId: m[1] };
  if (base === '/search') return { screen: 'search' };
  if (base === '/search/result') {
    const time = q.get('time') ?? '不限';
    const sort = q.get('sort') ?? '综合';
    const cat = q.get('cat');
    return {
      screen: 'results',
      query: {
        q: q.get('q') ?? '',
        tab: q.get('tab') === 'users' ? 'users' : 'all',
        category: isCategory(cat) ? cat : null,
        time: (SEARCH_TIMES as readonly string[]).includes(time) ? (time as SearchTime) : '不限',
        sort: (SEARCH_SORTS as readonly string[]).includes(sort) ? (sort as SearchSort) : '综合',
      },
    };
  }
  if (base === '/publish') {
    const photo = q.get('photo');
    return { screen: 'publish', draftId: null, photoId: photo && new RegExp(`^${ID}$`).test(photo) ? photo : null };
  }
  if ((m = base.match(new RegExp(`^/publish/${ID}$`)))) return { screen: 'publish', draftId: m[1], photoId: null };
  return { screen: 'notFound', path };
}

export function homePath(feed: FeedTab, category: Category | null): string {
  const q = new URLSearchParams();
  if (feed !== 'explore') q.set('feed', feed);
  if (feed === 'explore' && category) q.set('cat', category);
  const s = q.toString();
  return s ? `/?${s}` : '/';
}

export function resultsPath(query: SearchQuery): string {
  const q = new URLSearchParams({ q: query.q });
  if (query.tab !== 'all') q.set('tab', query.tab);
  if (query.category) q.set('cat', query.category);
  if (query.time !== '不限') q.set('time', query.time);
  if (query.sort !== '综合') q.set('sort', query.sort);
  return `/search/result?${q.toString()}`;
}

export function notePath(noteId: string, sheet: NoteSheet = null): string {
  return sheet ? `/note/${noteId}?sheet=${sheet}` : `/note/${noteId}`;
}

export function mePath(tab: MeTab): string {
  return tab === 'notes' ? '/me' : `/me?tab=${tab}`;
}

/** The bottom tab a stack belongs to (by its first path). */
export function tabOf(path: string): NotesTab {
  const base = path.split('?')[0];
  if (base === '/hot') return '/hot';
  if (base.startsWith('/messages')) return '/messages';
  if (base === '/me' || base === '/me/edit' || base === '/drafts' || base.startsWith('/board/')) return '/me';
  return '/';
}

/** Screens drawn without the bottom tab bar. */
export function isFullScreen(s: NotesScreen): boolean {
  return s.screen !== 'home' && s.screen !== 'hot' && s.screen !== 'messages' && s.screen !== 'me';
}

/** The back stack a deep link implies. */
export function notesRouteStack(path: string): string[] {
  const s = parseNotesPath(path);
  switch (s.screen) {
    case 'home':
    case 'hot':
    case 'messages':
    case 'me':
      return [path];
    case 'notifications':
      return ['/messages', path];
    case 'editProfile':
    case 'drafts':
    case 'board':
      return ['/me', path];
    case 'note':
      return s.sheet ? [NOTES_ROOT, notePath(s.noteId), path] : [NOTES_ROOT, path];
    case 'author':
    case 'search':
    case 'notFound':
      return [NOTES_ROOT, path];
    case 'results':
      return [NOTES_ROOT, '/search', path];
    case 'publish':
      return s.draftId ? ['/me', '/drafts', path] : [NOTES_ROOT, path];
  }
}
