/**
 * The wallet app's slice of the phone state: `state.apps.wallet`. Plain JSON only; money is
 * always an integer number of fen (分), never a float. Documented field by field in ./README.md.
 */
export const CATEGORIES = ['餐饮', '交通', '购物', '转账', '充值', '红包', '生活缴费', '娱乐'] as const;
export type Category = (typeof CATEGORIES)[number];

export type Direction = 'in' | 'out';
export type BillStatus = 'success' | 'refunded';

export interface BankCard {
  /** `k_01` … */
  id: string;
  bank: string;
  last4: string;
  type: 'debit' | 'credit';
  /** Debit: money on the card, in fen. Credit: 0. */
  balance: number;
  /** Credit: the credit limit in fen. Debit: 0. */
  limit: number;
  /** Credit: the amount owed in fen. Debit: 0. */
  used: number;
  /** Card face colour, `#RRGGBB`. */
  color: string;
}

export interface Payee {
  /** `p_01` … */
  id: string;
  name: string;
  /** Masked phone number the payee is known by, e.g. `138****2046`. */
  account: string;
  /** Avatar colour, `#RRGGBB`. */
  color: string;
}

export interface Bill {
  /** `b_0001` … in time order; a new bill takes max+1. */
  id: string;
  /** Epoch ms on the virtual clock. */
  time: number;
  /** Fen, always positive; `direction` says which way it went. */
  amount: number;
  direction: Direction;
  category: Category;
  counterparty: string;
  /** '' when none. */
  note: string;
  status: BillStatus;
  /** How it was paid or where it arrived: `余额` or `<bank>(<last4>)`. */
  method: string;
}

export interface PaymentOrder {
  /** `o_001` … */
  id: string;
  merchant: string;
  /** What is being bought, e.g. `年卡续费（12个月）`. */
  title: string;
  amount: number;
  /** `closed`: the app that asked for it cancelled it before it was paid. */
  status: 'unpaid' | 'paid' | 'closed';
  createdAt: number;
  /** null until paid. */
  paidAt: number | null;
  /** The bill the payment created, null until paid. */
  billId: string | null;
  /** The bill's category when paid; `购物` when absent (the seed's own orders). */
  category?: Category;
  /** The app that asked for this payment (absent on the seed's own orders). */
  source?: PaymentSource;
}

/** Where a payment order came from, so the wallet can tell that app and return to it. */
export interface PaymentSource {
  /** The app id, e.g. `railway`. */
  app: string;
  /** The app's own record id (its order id). */
  ref: string;
  /** The path the app shows after paying ('' to return to whatever it showed). */
  returnPath: string;
}

export interface WalletState {
  /** 余额, fen. Never negative. */
  balance: number;
  /** The 👁 toggle on the home card. */
  hideBalance: boolean;
  /** 6 digits, stored as given (a simulator: no hashing). */
  payPassword: string;
  cards: BankCard[];
  payees: Payee[];
  /** Oldest first. */
  bills: Bill[];
  orders: PaymentOrder[];
}
