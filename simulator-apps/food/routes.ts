/**
 * The food app's screens and their paths. Pure. Sheets (dish options, the cart, coupons) are not
 * routes: the system back closes them first.
 */
import { ID, matchRoute, type RoutePattern } from '../shared/routing.ts';
import type { OrderTab, ShopSort } from './logic.ts';
import { SHOP_KINDS, type ShopKind } from './types.ts';

export type FoodTab = '/' | '/orders' | '/me';
export const FOOD_TABS: readonly FoodTab[] = ['/', '/orders', '/me'];

export type FoodScreen =
  | { screen: 'home'; kind: ShopKind | null; sort: ShopSort }
  | { screen: 'search'; q: string }
  | { screen: 'shop'; shopId: string }
  | { screen: 'checkout'; shopId: string }
  | { screen: 'orders'; tab: OrderTab }
  | { screen: 'order'; orderId: string }
  | { screen: 'review'; orderId: string }
  | { screen: 'me' }
  | { screen: 'addresses'; pick: boolean }
  | { screen: 'addressEdit'; addressId: string | null }
  | { screen: 'coupons' }
  | { screen: 'notFound'; path: string };

export const FOOD_ROOT = '/';

const SORTS: readonly ShopSort[] = ['default', 'fastest', 'rating', 'minOrder'];
const TABS: readonly OrderTab[] = ['all', 'active', 'review', 'refund'];

const patterns: RoutePattern<FoodScreen>[] = [
  [/^\/me$/, () => ({ screen: 'me' })],
  [new RegExp(`^/shop/${ID}$`), (m) => ({ screen: 'shop', shopId: m[1] })],
  [new RegExp(`^/checkout/${ID}$`), (m) => ({ screen: 'checkout', shopId: m[1] })],
  [new RegExp(`^/order/${ID}$`), (m) => ({ screen: 'order', orderId: m[1] })],
  [new RegExp(`^/order/${ID}/review$`), (m) => ({ screen: 'review', orderId: m[1] })],
  [/^\/address\/new$/, () => ({ screen: 'addressEdit', addressId: null })],
  [new RegExp(`^/address/${ID}$`), (m) => ({ screen: 'addressEdit', addressId: m[1] })],
  [/^\/coupons$/, () => ({ screen: 'coupons' })],
];

export function parseFoodPath(path: string): FoodScreen {
  const [base, query = ''] = path.split('?');
  const q = new URLSearchParams(query);
  switch (base) {
    case '/': {
      const kind = q.get('kind');
      const sort = q.get('sort') as ShopSort | null;
      return { screen: 'home', kind: kind && (SHOP_KINDS as readonly string[]).includes(kind) ? (kind as ShopKind) : null, sort: sort && SORTS.includes(sort) ? sort : 'default' };
    }
    case '/search':
      return { screen: 'search', q: q.get('q') ?? '' };
    case '/orders': {
      const tab = q.get('tab') as OrderTab | null;
      return { screen: 'orders', tab: tab && TABS.includes(tab) ? tab : 'all' };
    }
    case '/addresses':
      return { screen: 'addresses', pick: q.get('pick') === '1' };
  }
  return matchRoute(patterns, base, path);
}

export function homePath(kind: ShopKind | null, sort: ShopSort): string {
  const q = new URLSearchParams();
  if (kind) q.set('kind', kind);
  if (sort !== 'default') q.set('sort', sort);
  const s = q.toString();
  return s ? `/?${s}` : '/';
}

export function ordersPath(tab: OrderTab): string {
  return tab === 'all' ? '/orders' : `/orders?tab=${tab}`;
}

/** The tab a path belongs to, if it is a tab's root. */
export function tabOf(path: string): FoodTab | null {
  const base = path.split('?')[0];
  return (FOOD_TABS as readonly string[]).includes(base) ? (base as FoodTab) : null;
}

/** The back stack a deep link implies. */
export function foodRouteStack(path: string): string[] {
  const s = parseFoodPath(path);
  switch (s.screen) {
    case 'home':
    case 'orders':
    case 'me':
      return [path];
    case 'search':
    case 'shop':
    case 'notFound':
      return [FOOD_ROOT, path];
    case 'checkout':
      return [FOOD_ROOT, `/shop/${s.shopId}`, path];
    case 'order':
      return ['/orders', path];
    case 'review':
      return ['/orders', `/order/${s.orderId}`, path];
    case 'addresses':
    case 'coupons':
      return ['/me', path];
    case 'addressEdit':
      return ['/me', '/addresses', path];
  }
}
