/**
 * An edit form's unsaved draft in its app's memory (`DraftMemory`, ./appModel.ts): kept on every
 * change while the form is open, so a look at another tab or app finds it as it was; let go when
 * the form is finished (saved, deleted, discarded), or when it closes and `keepWhile` says no one
 * can come back to it. An app-switcher preview never writes the memory.
 */
import { onDestroy } from 'svelte';
import type { DraftMemory } from './appModel.ts';
import { useAppView } from './context.ts';

export interface KeptDraft {
  readonly finished: boolean;
  /** The form is done with: the draft is dropped and not kept again. */
  finish(): void;
}

export function keepDraft<D>(drafts: DraftMemory<D>, key: string, draft: () => D, keepWhile: () => boolean = () => true): KeptDraft {
  const view = useAppView();
  let finished = false;
  $effect(() => {
    const snap = $state.snapshot(draft()) as D;
    if (!view.preview && !finished) drafts.keep(key, snap);
  });
  onDestroy(() => {
    if (!view.preview && (finished || !keepWhile())) drafts.drop(key);
  });
  return {
    get finished() {
      return finished;
    },
    finish() {
      finished = true;
      drafts.drop(key);
    },
  };
}
