/**
 * Amounts of money as the apps show them. Every amount in the state is a whole number of fen;
 * one formatter turns it into yuan text, and the apps differ only in how many decimals they
 * show and whether they group thousands (the named formats below).
 */
import { pad2 } from './dates.ts';

export interface MoneyFormat {
  /**
   * `always`: two decimals (`129.00`, order totals); `unlessWhole`: none for whole yuan, else two
   * (`129`, `129.90`: shop prices); `fewest`: no trailing zeros (`553`, `553.5`: railway fares).
   */
  decimals?: 'always' | 'unlessWhole' | 'fewest';
  /** Thousands separators in the yuan: `1,234.50`. */
  grouping?: boolean;
}

/** `12345` → `123.45`; `-50` → `-0.50`. */
export function moneyText(fen: number, { decimals = 'always', grouping = false }: MoneyFormat = {}): string {
  const abs = Math.abs(Math.round(fen));
  const sign = fen < 0 ? '-' : '';
  const whole = String(Math.floor(abs / 100));
  const yuan = grouping ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole;
  const cents = abs % 100;
  if (decimals === 'always' || (decimals === 'unlessWhole' && cents !== 0)) return `${sign}${yuan}.${pad2(cents)}`;
  if (cents === 0) return `${sign}${yuan}`;
  return cents % 10 === 0 ? `${sign}${yuan}.${cents / 10}` : `${sign}${yuan}.${pad2(cents)}`;
}

/** A shop price: `12900` → `129`, `12990` → `129.90`. */
export function priceText(fen: number): string {
  return moneyText(fen, { decimals: 'unlessWhole' });
}

/** A railway fare: `55300` → `553`, `55350` → `553.5`, `55301` → `553.01`. */
export function fareText(fen: number): string {
  return moneyText(fen, { decimals: 'fewest' });
}

/** A wallet amount: `123450` → `1,234.50`. */
export function yuanText(fen: number): string {
  return moneyText(fen, { grouping: true });
}

/** `12.5`, `12.50`, `0.01` → fen; null for anything that is not a positive amount with at most two decimals. */
export function parseYuan(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,9}(\.\d{0,2})?$/.test(t)) return null;
  const [int, frac = ''] = t.split('.');
  const fen = Number(int) * 100 + Number(frac.padEnd(2, '0'));
  return fen > 0 ? fen : null;
}
