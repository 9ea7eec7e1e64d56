/**
 * Shared pieces of the wallet suite: typed access to the wallet slice, samplers, the checks a
 * payment task makes, and oracle navigation (taps on `data-ui` keys only). Files starting with
 * `_` are not tasks.
 */
import type { OracleUi, ParamSpec, Rng } from '../../bridge/tasks/api.ts';
import { criteria } from '../../bridge/tasks/api.ts';
import type { Criterion, JudgeInput } from '../../bridge/judge/judge.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { nextBillId } from '../../simulator-apps/wallet/logic.ts';
import { yuanText as formatYuan } from '../../simulator-apps/shared/money.ts';
import { TRAP_PAYEES } from '../../simulator-apps/wallet/data.ts';
import type { Bill, Payee, WalletState } from '../../simulator-apps/wallet/types.ts';
import { addedRecords, pickOrNull, uniquelyNamed } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { scrollAndTap } from '../_shared/ui.ts';

export { formatYuan, nextBillId };

export function walletOf(state: PhoneState): WalletState {
  return state.apps.wallet as unknown as WalletState;
}

/** `12850` → `128.50`: what a person types into the amount field. */
export function amountText(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** The number a query task expects for an amount in fen. */
export function yuanAnswer(fen: number): { number: number; tolerance: number } {
  return { number: fen / 100, tolerance: 0.001 };
}

const TRAP_NAMES = new Set<string>(TRAP_PAYEES.flat());

export function isTrapName(name: string): boolean {
  return TRAP_NAMES.has(name);
}

/** A payee whose name is unique, satisfying `where`. */
export function pickPayee(state: PhoneState, rng: Rng, where: (p: Payee, s: WalletState) => boolean = () => true): { payeeId: string; payeeName: string } | null {
  const s = walletOf(state);
  const p = pickOrNull(rng, uniquelyNamed(s.payees, (x) => x.name, (x) => where(x, s)));
  return p && { payeeId: p.id, payeeName: p.name };
}

export interface PayeeParams extends Record<string, unknown> {
  payeeId: string;
  payeeName: string;
}

/** The `_payee` parameter: one payee (a unique name, no look-alike) satisfying `where`, spread into payeeId and payeeName. */
export function payeeParam(where: (p: Payee, s: WalletState) => boolean = () => true): Record<string, ParamSpec> {
  return spreadParam('_payee', ['payeeId', 'payeeName'], (state, rng) => pickPayee(state, rng, (p, s) => !isTrapName(p.name) && where(p, s)));
}

/** Makes the wallet able to pay `amount` with `margin` to spare (a task is not about a short balance). */
export function ensureBalance(state: PhoneState, amount: number, margin = 10_000): void {
  const w = walletOf(state);
  if (w.balance < amount + margin) w.balance = amount + margin + (w.balance % 10_000);
}

/** Bills in `final` that were not in `init`. */
export function newBills(input: JudgeInput): Bill[] {
  return addedRecords(walletOf(input.init).bills, walletOf(input.final).bills);
}

/**
 * The criteria of one outgoing payment from the balance: exactly one new bill with this
 * counterparty, amount and category (and note, when given), and the balance down by the amount.
 * Their paths (the new bill, the balance) are the payment's expected changes.
 */
export function paymentCriteria(input: JudgeInput, want: { counterparty: string; amount: number; category: Bill['category']; note?: string }): Criterion[] {
  const init = walletOf(input.init);
  const fin = walletOf(input.final);
  const billPath = `apps.wallet.bills[${nextBillId(init)}]`;
  const added = newBills(input);
  const bill = added[0];
  const out: Criterion[] = [
    exactlyOne('exactly one new bill', added, billPath),
    criteria.equals('its counterparty', bill?.counterparty ?? null, want.counterparty),
    criteria.equals('its amount (fen)', bill?.amount ?? null, want.amount),
    criteria.equals('it is an outgoing payment', bill ? `${bill.direction}/${bill.category}` : null, `out/${want.category}`),
    criteria.equals('the balance went down by the amount (fen)', fin.balance, init.balance - want.amount, 'apps.wallet.balance'),
  ];
  if (want.note !== undefined) out.push(criteria.equals('its note', bill?.note ?? null, want.note));
  return out;
}

// --- oracle navigation ------------------------------------------------------------------------

/** From anywhere, to the wallet home. */
export async function openWalletHome(ui: OracleUi): Promise<void> {
  if (ui.route.app !== 'wallet') {
    if (ui.find('app.wallet')) await ui.tap('app.wallet');
    else await ui.openApp('wallet');
  }
  for (let i = 0; i < 8 && ui.route.path !== '/'; i++) await ui.back();
  if (ui.route.path !== '/') throw new Error(`could not get back to the wallet home (route ${ui.route.path})`);
}

/** 钱包 → 账单, filtered to a month and a category when given. */
export async function openBills(ui: OracleUi, filter: { month?: string; category?: string } = {}): Promise<void> {
  await openWalletHome(ui);
  await ui.tap('wallet.action.bills');
  if (filter.month !== undefined) {
    await ui.tap('wallet.bills.month');
    await ui.tap(`wallet.bills.month.${filter.month}`);
  }
  if (filter.category !== undefined) {
    await ui.tap('wallet.bills.category');
    await ui.tap(`wallet.bills.cat.${filter.category}`);
  }
}

/** Taps six digits on the keypad that is on screen. */
export async function enterPassword(ui: OracleUi, password: string): Promise<void> {
  for (const d of password) await ui.tap(`wallet.key.${d}`);
}

/** In the cashier another app opened (or an order's page): 立即支付 → the six digits. */
export async function payAtCashier(ui: OracleUi): Promise<void> {
  await ui.tap('wallet.order.pay');
  await enterPassword(ui, walletOf(ui.state).payPassword);
}

/** 转账 → payee → amount (and note) → 转账. Stops on the transfer screen (before any confirm sheet when refused). */
export async function startTransfer(ui: OracleUi, payeeId: string, fen: number, note = ''): Promise<void> {
  await openWalletHome(ui);
  await ui.tap('wallet.action.transfer');
  await scrollAndTap(ui, `wallet.payee.${payeeId}`, 'wallet.payees.list');
  await ui.type('wallet.transfer.amount', amountText(fen));
  if (note !== '') await ui.type('wallet.transfer.note', note);
  await ui.tap('wallet.transfer.submit');
}

/** The whole transfer, through the confirm sheet and the password keypad, ending on 完成. */
export async function transferThroughUi(ui: OracleUi, payeeId: string, fen: number, note = ''): Promise<void> {
  await startTransfer(ui, payeeId, fen, note);
  await ui.tap('wallet.confirm.pay');
  await enterPassword(ui, walletOf(ui.state).payPassword);
  if (!ui.find('wallet.done')) throw new Error(`the transfer did not reach the success screen (route ${ui.route.path})`);
  await ui.tap('wallet.done');
}

export const TRANSFER_NOTES = ['午饭钱', '打车费', '还你的书钱', '电影票', '奶茶AA', '水果钱'] as const;
