/**
 * The shop's screens and their paths. Pure. Search filters live in the path
 * (`/results?q=耳机&brand=声悦&sort=priceAsc`) so back from a product returns to the same list;
 * sheets (options, filters, coupons, share) are not routes: the system back closes them first.
 */
import type { OrderTab, SearchQuery, SortKey } from './logic.ts';
import { ID, matchRoute, type RoutePattern } from '../shared/routing.ts';

export type ShopTab = '/' | '/category' | '/cart' | '/me';
export const SHOP_TABS: readonly ShopTab[] = ['/', '/category', '/cart', '/me'];

export type ShopScreen =
  | { screen: 'home' }
  | { screen: 'category'; category: string | null }
  | { screen: 'cart' }
  | { screen: 'me' }
  | { screen: 'search'; q: string }
  | { screen: 'results'; query: SearchQuery }
  | { screen: 'product'; productId: string }
  | { screen: 'checkout'; buy: { productId: string; skuId: string; qty: number } | null }
  | { screen: 'orders'; tab: OrderTab }
  | { screen: 'order'; orderId: string }
  | { screen: 'refund'; orderId: string }
  | { screen: 'addresses'; pick: boolean }
  | { screen: 'addressEdit'; addressId: string | null }
  | { screen: 'coupons' }
  | { screen: 'favorites' }
  | { screen: 'notFound'; path: string };

export const SHOP_ROOT = '/';

const SORTS: readonly SortKey[] = ['default', 'sales', 'priceAsc', 'priceDesc'];
const TABS: readonly OrderTab[] = ['all', 'unpaid', 'paid', 'shipped', 'completed', 'aftersale'];

const patterns: RoutePattern<ShopScreen>[] = [
  [/^\/$/, () => ({ screen: 'home' })],
  [/^\/cart$/, () => ({ screen: 'cart' })],
  [/^\/me$/, () => ({ screen: 'me' })],
  [new RegExp(`^/product/${ID}$`), (m) => ({ screen: 'product', productId: m[1] })],
  [new RegExp(`^/order/${ID}$`), (m) => ({ screen: 'order', orderId: m[1] })],
  [new RegExp(`^/order/${ID}/refund$`), (m) => ({ screen: 'refund', orderId: m[1] })],
  [/^\/address\/new$/, () => ({ screen: 'addressEdit', addressId: null })],
  [new RegExp(`^/address/${ID}$`), (m) => ({ screen: 'addressEdit', addressId: m[1] })],
  [/^\/coupons$/, () => ({ screen: 'coupons' })],
  [/^\/favorites$/, () => ({ screen: 'favorites' })],
];

function fen(v: string | null): number | null {
  if (v === null || v === '' || !/^\d+$/.test(v)) return null;
  return Number(v);
}

export function parseShopPath(path: string): ShopScreen {
  const [base, query = ''] = path.split('?');
  const q = new URLSearchParams(query);
  switch (base) {
    case '/category':
      return { screen: 'category', category: q.get('cat') };
    case '/search':
      return { screen: 'search', q: q.get('q') ?? '' };
    case '/results': {
      const sort = q.get('sort') as SortKey | null;
      return {
        screen: 'results',
        query: { q: q.get('q') ?? '', category: q.get('cat'), brand: q.get('brand'), min: fen(q.get('min')), max: fen(q.get('max')), sort: sort && SORTS.includes(sort) ? sort : 'default' },
      };
    }
    case '/checkout': {
      const buy = q.get('buy');
      const m = buy?.match(/^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.(\d+)$/);
      return { screen: 'checkout', buy: m ? { productId: m[1], skuId: m[2], qty: Number(m[3]) } : null };
    }
    case '/orders': {
      const tab = q.get('tab') as OrderTab | null;
      return { screen: 'orders', tab: tab && TABS.includes(tab) ? tab : 'all' };
    }
    case '/addresses':
      return { screen: 'addresses', pick: q.get('pick') === '1' };
  }
  return matchRoute(patterns, base, path);
}

export function resultsPath(f: SearchQuery): string {
  const q = new URLSearchParams();
  if (f.q) q.set('q', f.q);
  if (f.category) q.set('cat', f.category);
  if (f.brand) q.set('brand', f.brand);
  if (f.min !== null) q.set('min', String(f.min));
  if (f.max !== null) q.set('max', String(f.max));
  if (f.sort !== 'default') q.set('sort', f.sort);
  const s = q.toString();
  return s ? `/results?${s}` : '/results';
}

export function ordersPath(tab: OrderTab): string {
  return tab === 'all' ? '/orders' : `/orders?tab=${tab}`;
}

export function checkoutPath(buy: { productId: string; skuId: string; qty: number } | null): string {
  return buy ? `/checkout?buy=${buy.productId}.${buy.skuId}.${buy.qty}` : '/checkout';
}

/** The tab a stack starts from. */
export function tabOf(path: string): ShopTab {
  const base = path.split('?')[0];
  return (SHOP_TABS as readonly string[]).includes(base) ? (base as ShopTab) : '/';
}

/** The back stack a deep link implies. */
export function shopRouteStack(path: string): string[] {
  const s = parseShopPath(path);
  switch (s.screen) {
    case 'home':
      return [SHOP_ROOT];
    case 'category':
    case 'cart':
    case 'me':
      return [path];
    case 'search':
    case 'results':
    case 'product':
    case 'notFound':
      return [SHOP_ROOT, path];
    case 'checkout':
      return s.buy ? [SHOP_ROOT, `/product/${s.buy.productId}`, path] : ['/cart', path];
    case 'orders':
    case 'addresses':
    case 'coupons':
    case 'favorites':
      return ['/me', path];
    case 'order':
      return ['/me', '/orders', path];
    case 'refund':
      return ['/me', '/orders', `/order/${s.orderId}`, path];
    case 'addressEdit':
      return ['/me', '/addresses', path];
  }
}
