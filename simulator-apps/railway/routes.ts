/**
 * The railway app's screens and their paths. Pure. The query and its filters live in the path
 * (`/trains?from=北京南&to=上海虹桥&date=2026-03-15&type=G&sort=dur`), so back from a train
 * returns to the same list and a deep link reproduces it.
 */
import { NO_FILTER, SORTS, TYPE_FILTERS, WINDOWS, isSeatClass, type DepartWindow, type SortKey, type TrainFilter, type TypeFilter, type OrderTab, ORDER_TABS } from './logic.ts';
import type { SeatClass } from './types.ts';
import { ID } from '../shared/routing.ts';

export interface TrainQuery {
  from: string;
  to: string;
  date: string;
}

export type RailwayTab = '/' | '/orders' | '/me';

export type RailwayScreen =
  | { screen: 'home' }
  | { screen: 'orders'; tab: OrderTab }
  | { screen: 'me' }
  | { screen: 'station'; field: 'from' | 'to' }
  | { screen: 'date' }
  | { screen: 'trains'; query: TrainQuery; filter: TrainFilter }
  | { screen: 'filter'; query: TrainQuery; filter: TrainFilter }
  | { screen: 'train'; trainId: string }
  | { screen: 'book'; trainId: string; cls: SeatClass }
  | { screen: 'order'; orderId: string }
  | { screen: 'change'; orderId: string; date: string | null }
  | { screen: 'passengers' }
  | { screen: 'passenger'; passengerId: string | null }
  | { screen: 'settings' }
  | { screen: 'notFound'; path: string };

export const RAILWAY_ROOT = '/';
export const RAILWAY_TABS: readonly RailwayTab[] = ['/', '/orders', '/me'];


function list<T extends string>(v: string | null, allowed: readonly T[]): T[] {
  if (!v) return [];
  return v.split(',').filter((x): x is T => (allowed as readonly string[]).includes(x));
}

function parseQuery(q: URLSearchParams): { query: TrainQuery; filter: TrainFilter } {
  const seat = q.get('seat');
  const sort = q.get('sort');
  return {
    query: { from: q.get('from') ?? '', to: q.get('to') ?? '', date: q.get('date') ?? '' },
    filter: {
      types: list<TypeFilter>(q.get('type'), TYPE_FILTERS),
      windows: list<DepartWindow>(q.get('win'), WINDOWS),
      seat: isSeatClass(seat) ? seat : null,
      availOnly: q.get('avail') === '1',
      sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as SortKey) : 'dep',
    },
  };
}

function queryString(query: TrainQuery, f: TrainFilter = NO_FILTER): string {
  const q = new URLSearchParams();
  q.set('from', query.from);
  q.set('to', query.to);
  q.set('date', query.date);
  if (f.types.length) q.set('type', f.types.join(','));
  if (f.windows.length) q.set('win', f.windows.join(','));
  if (f.seat) q.set('seat', f.seat);
  if (f.availOnly) q.set('avail', '1');
  if (f.sort !== 'dep') q.set('sort', f.sort);
  return q.toString();
}

export function trainsPath(query: TrainQuery, f: TrainFilter = NO_FILTER): string {
  return `/trains?${queryString(query, f)}`;
}

export function filterPath(query: TrainQuery, f: TrainFilter): string {
  return `/filter?${queryString(query, f)}`;
}

export function ordersPath(tab: OrderTab): string {
  return tab === 'all' ? '/orders' : `/orders?tab=${tab}`;
}

export function bookPath(trainId: string, cls: SeatClass): string {
  return `/book/${trainId}?cls=${encodeURIComponent(cls)}`;
}

export function changePath(orderId: string, date: string | null): string {
  return date ? `/change/${orderId}?date=${date}` : `/change/${orderId}`;
}

export function parseRailwayPath(path: string): RailwayScreen {
  const [base, search = ''] = path.split('?');
  const q = new URLSearchParams(search);
  if (base === '/') return { screen: 'home' };
  if (base === '/orders') {
    const tab = q.get('tab') as OrderTab | null;
    return { screen: 'orders', tab: tab && ORDER_TABS.includes(tab) ? tab : 'all' };
  }
  if (base === '/me') return { screen: 'me' };
  if (base === '/station') return { screen: 'station', field: q.get('field') === 'to' ? 'to' : 'from' };
  if (base === '/date') return { screen: 'date' };
  if (base === '/trains') return { screen: 'trains', ...parseQuery(q) };
  if (base === '/filter') return { screen: 'filter', ...parseQuery(q) };
  if (base === '/passengers') return { screen: 'passengers' };
  if (base === '/passenger/new') return { screen: 'passenger', passengerId: null };
  if (base === '/settings') return { screen: 'settings' };
  let m = base.match(new RegExp(`^/train/${ID}$`));
  if (m) return { screen: 'train', trainId: m[1] };
  m = base.match(new RegExp(`^/book/${ID}$`));
  if (m) {
    const cls = q.get('cls');
    return isSeatClass(cls) ? { screen: 'book', trainId: m[1], cls } : { screen: 'notFound', path };
  }
  m = base.match(new RegExp(`^/order/${ID}$`));
  if (m) return { screen: 'order', orderId: m[1] };
  m = base.match(new RegExp(`^/change/${ID}$`));
  if (m) return { screen: 'change', orderId: m[1], date: q.get('date') };
  m = base.match(new RegExp(`^/passenger/${ID}$`));
  if (m) return { screen: 'passenger', passengerId: m[1] };
  return { screen: 'notFound', path };
}

/** The bottom tab a screen belongs to (where its back stack starts). */
export function tabOf(path: string): RailwayTab {
  const s = parseRailwayPath(path);
  switch (s.screen) {
    case 'orders':
    case 'order':
    case 'change':
      return '/orders';
    case 'me':
    case 'passengers':
    case 'passenger':
    case 'settings':
      return '/me';
    default:
      return '/';
  }
}

/** The back stack a deep link implies. */
export function railwayRouteStack(path: string): string[] {
  const s = parseRailwayPath(path);
  switch (s.screen) {
    case 'home':
    case 'orders':
    case 'me':
      return [path];
    case 'station':
    case 'date':
    case 'trains':
    case 'train':
    case 'notFound':
      return ['/', path];
    case 'filter':
      return ['/', trainsPath(s.query, s.filter), path];
    case 'book':
      return ['/', `/train/${s.trainId}`, path];
    case 'order':
      return ['/orders', path];
    case 'change':
      return ['/orders', `/order/${s.orderId}`, path];
    case 'passengers':
    case 'settings':
      return ['/me', path];
    case 'passenger':
      return ['/me', '/passengers', path];
  }
}
