/**
 * An edit form's draft and its way out, for the forms that edit one record (a contact, an
 * address): the draft opens from the app's memory or afresh from the record, is kept there while
 * the form is open (../os/draftMemory.svelte.ts), and is dirty while it differs from where it
 * started. Leaving with changes (取消, the back arrow, the system back) asks first.
 */
import type { DraftMemory } from '../os/appModel.ts';
import { useBackHandler } from '../os/back.svelte.ts';
import { usePhone } from '../os/context.ts';
import { keepDraft, type KeptDraft } from '../os/draftMemory.svelte.ts';
import { sameDraft } from './drafts.ts';

export interface EditFormOptions<D> {
  drafts: DraftMemory<D>;
  /** The draft's key in the memory: the record's id, or `new`. */
  key: string;
  /** The record as a draft (an empty one for a new record). */
  original: D;
  /** Whether someone can still come back to the form once it closes (else the draft is dropped). */
  keepWhile: () => boolean;
  /** The question before changes are thrown away. */
  discard: { title: string; message: string };
  /** What of a draft counts when comparing (default: all of it). */
  clean?: (draft: D) => unknown;
}

export class EditForm<D> {
  readonly #original: D;
  readonly #clean: (draft: D) => unknown;
  readonly #kept: KeptDraft;
  readonly #discard: { title: string; message: string };
  readonly #phone = usePhone();
  #asking = false;
  draft: D = $state() as D;
  readonly dirty: boolean;

  /** Call it while the form's component initialises. */
  constructor(opts: EditFormOptions<D>) {
    this.#original = opts.original;
    this.#clean = opts.clean ?? ((d) => d);
    this.#discard = opts.discard;
    this.draft = opts.drafts.getOr(opts.key, opts.original);
    this.dirty = $derived(!sameDraft(this.#clean(this.draft), this.#clean(this.#original)));
    this.#kept = keepDraft(opts.drafts, opts.key, () => this.draft, opts.keepWhile);
    useBackHandler(() => {
      if (this.#kept.finished || !this.dirty) return false;
      void this.leave();
      return true;
    });
  }

  /** Saved or deleted: the draft is let go and not kept again. */
  finish(): void {
    this.#kept.finish();
  }

  /** Back out of the form, after asking when there are changes. */
  async leave(): Promise<void> {
    if (this.dirty) {
      if (this.#asking) return;
      this.#asking = true;
      const ok = await this.#phone.confirm({ ...this.#discard, confirmText: '放弃', cancelText: '继续编辑', danger: true });
      this.#asking = false;
      if (!ok) return;
    }
    this.finish();
    this.#phone.back();
  }
}
