/**
 * The wallet's screens and their paths. Pure. Bill filters live in the path
 * (`/bills?month=2026-03&cat=餐饮`) so that back from a bill detail returns to the same list.
 */
import { stackFromParents } from '../shared/routeStack.ts';
import { ID, matchRoute, type RoutePattern } from '../shared/routing.ts';

export type WalletScreen =
  | { screen: 'home' }
  | { screen: 'bills'; month: string | null; category: string | null }
  | { screen: 'bill'; billId: string }
  | { screen: 'payees' }
  | { screen: 'transfer'; payeeId: string }
  /** `checkout`: reached from another app's cashier (`?checkout=1`), so 完成 and back return there. */
  | { screen: 'transferDone'; billId: string; checkout: boolean }
  | { screen: 'orders' }
  | { screen: 'order'; orderId: string; checkout: boolean }
  | { screen: 'cards' }
  | { screen: 'card'; cardId: string }
  | { screen: 'receive' }
  | { screen: 'settings' }
  | { screen: 'password' }
  | { screen: 'notFound'; path: string };

export const WALLET_ROOT = '/';

const patterns: RoutePattern<WalletScreen>[] = [
  [/^\/$/, () => ({ screen: 'home' })],
  [new RegExp(`^/bill/${ID}$`), (m) => ({ screen: 'bill', billId: m[1] })],
  [/^\/transfer$/, () => ({ screen: 'payees' })],
  [new RegExp(`^/transfer/done/${ID}$`), (m, q) => ({ screen: 'transferDone', billId: m[1], checkout: q.has('checkout') })],
  [new RegExp(`^/transfer/${ID}$`), (m) => ({ screen: 'transfer', payeeId: m[1] })],
  [/^\/orders$/, () => ({ screen: 'orders' })],
  [new RegExp(`^/order/${ID}$`), (m, q) => ({ screen: 'order', orderId: m[1], checkout: q.has('checkout') })],
  [/^\/cards$/, () => ({ screen: 'cards' })],
  [new RegExp(`^/card/${ID}$`), (m) => ({ screen: 'card', cardId: m[1] })],
  [/^\/receive$/, () => ({ screen: 'receive' })],
  [/^\/settings$/, () => ({ screen: 'settings' })],
  [/^\/settings\/password$/, () => ({ screen: 'password' })],
];

export function parseWalletPath(path: string): WalletScreen {
  const [base, query = ''] = path.split('?');
  const q = new URLSearchParams(query);
  if (base === '/bills') return { screen: 'bills', month: q.get('month'), category: q.get('cat') };
  return matchRoute(patterns, base, path, q);
}

export function billsPath(month: string | null, category: string | null): string {
  const q = new URLSearchParams();
  if (month) q.set('month', month);
  if (category) q.set('cat', category);
  const s = q.toString();
  return s ? `/bills?${s}` : '/bills';
}

/** The list each screen sits under, between it and the wallet home (null: right on the home). */
const PARENT: Record<Exclude<WalletScreen['screen'], 'home'>, string | null> = {
  bills: null,
  payees: null,
  orders: null,
  cards: null,
  receive: null,
  settings: null,
  notFound: null,
  transferDone: null,
  bill: '/bills',
  transfer: '/transfer',
  order: '/orders',
  card: '/cards',
  password: '/settings',
};

/** The back stack a deep link implies. */
export function walletRouteStack(path: string): string[] {
  return stackFromParents(path, (p) => {
    const s = parseWalletPath(p);
    return s.screen === 'home' ? null : (PARENT[s.screen] ?? WALLET_ROOT);
  });
}
