/**
 * Shared pieces of the wallet suite: typed access to the wallet slice, samplers, the checks a
 * payment task makes, and oracle navigation (taps on `data-ui` keys only). Files starting with
 * `_` are not tasks.
 */
import type { OracleUi, Rng } from '../../bridge/tasks/api.ts';
import { criteria } from '../../bridge/tasks/api.ts';
import type { Criterion, JudgeInput } from '../../bridge/judge/judge.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { nextBillId } from '../../simulator-apps/wallet/logic.ts';
import { yuanText as formatYuan } from '../../simulator-apps/shared/money.ts';
import { TRAP_PAYEES } from '../../simulator-apps/wallet/data.ts';
import type { Bill, Payee, WalletState } from '../../simulator-apps/wallet/types.ts';

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
  const candidates = s.payees.filter((p) => s.payees.filter((q) => q.name === p.name).length === 1 && where(p, s));
  if (candidates.length === 0) return null;
  const p = rng.pick(candidates);
  return { payeeId: p.id, payeeName: p.name };
}

/** Bills in `final` that were not in `init`. */
export function newBills(input: JudgeInput): Bill[] {
  const before = new Set(walletOf(input.init).bills.map((b) => b.id));
  return walletOf(input.final).bills.filter((b) => !before.has(b.id));
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
    criteria.that('exactly one new bill', added.length === 1, { expected: 1, actual: added.length, path: billPath }),
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

/** Taps six digits on the keypad that is on screen. */
export async function enterPassword(ui: OracleUi, password: string): Promise<void> {
  for (const d of password) await ui.tap(`wallet.key.${d}`);
}

/** 转账 → payee → amount (and note) → 转账. Stops on the transfer screen (before any confirm sheet when refused). */
export async function startTransfer(ui: OracleUi, payeeId: string, fen: number, note = ''): Promise<void> {
  await openWalletHome(ui);
  await ui.tap('wallet.action.transfer');
  await ui.scrollTo(`wallet.payee.${payeeId}`, { within: 'wallet.payees.list' });
  await ui.tap(`wallet.payee.${payeeId}`);
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
