/**
 * The amount-and-note form of a money transfer (轻聊's 转账 and the wallet's): the typed amount and
 * what it parses to, the note, and the refusal shown under them. `refusal` says why an amount
 * cannot go on to the password (null: it can); a text that is not an amount is refused with
 * `invalidText`.
 */
import { parseYuan } from './money.ts';

export class AmountForm {
  amountText = $state('');
  note = $state('');
  error = $state('');
  readonly amount = $derived(parseYuan(this.amountText));
  readonly #refusal: (amount: number) => string | null;
  readonly #invalidText: string;

  constructor(refusal: (amount: number) => string | null, invalidText: string) {
    this.#refusal = refusal;
    this.#invalidText = invalidText;
  }

  /** Nothing typed yet: the submit button waits. */
  get blank(): boolean {
    return this.amountText.trim() === '';
  }

  /** Whether the amount may go on to the password; if not, its refusal is shown. */
  submit(): boolean {
    const refused = this.amount === null ? this.#invalidText : this.#refusal(this.amount);
    this.error = refused ?? '';
    return refused === null;
  }
}
