/**
 * Helpers of the bridge's sliced calls to a phone page (./deviceRegistry.ts): snapshots taken
 * lately with their parts, and the parameters a sliced read, reset or restore carries.
 */
import type { ObserveAfterReplace } from '../protocol/messages.ts';
import { snapshotPartsOf, type SliceLayout } from '../protocol/slices.ts';

type SplitSnapshot = NonNullable<ReturnType<typeof snapshotPartsOf>>;

/**
 * Snapshots taken through the bridge lately, with their parts (the slices' JSON strings are the
 * ones the bridge holds anyway): a restore of one on any page needs no parse and no split. Shared
 * by every page, since a fork restores on other pages what one page snapshotted.
 */
const SNAPSHOT_PARTS_KEPT = 32;
const snapshotPartsKept = new Map<string, SplitSnapshot>();

export function rememberSnapshotParts(snapshot: string, parts: SplitSnapshot): void {
  snapshotPartsKept.set(snapshot, parts);
  if (snapshotPartsKept.size > SNAPSHOT_PARTS_KEPT) snapshotPartsKept.delete(snapshotPartsKept.keys().next().value!);
}

/** A snapshot string's parts: remembered, or split out of it (null: not a snapshot; the page refuses it with the reason). */
export function snapshotParts(snapshot: string): SplitSnapshot | null {
  const kept = snapshotPartsKept.get(snapshot);
  if (kept) return kept;
  const parts = snapshotPartsOf(snapshot);
  if (parts) rememberSnapshotParts(snapshot, parts);
  return parts;
}

/** A reset's or restore's `observe`, told that the bridge will hold the slices it writes. */
export function observeHaving(params: Record<string, unknown>, layout: SliceLayout): { observe?: ObserveAfterReplace } {
  const o = params.observe as ObserveAfterReplace | undefined;
  return o === undefined || o === null ? {} : { observe: { ...o, have: layout.versions } };
}

export function versionsOf(held: Map<string, { version: string }>): Record<string, string> {
  return Object.fromEntries([...held].map(([name, s]) => [name, s.version]));
}

export function withoutKey(params: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _dropped, ...rest } = params;
  return rest;
}

