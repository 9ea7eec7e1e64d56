/**
 * States as the studio receives them: in slices, only those a studio was not sent yet
 * (bridge/server/studioHub.ts keeps, per studio, the versions it sent).
 */
import type { StateSnapshot, StudioState } from '../protocol/messages.ts';
import { KEPT_SLICE_CHARS, SliceStore, sliceNames, splitTree, type SliceLayout, type SlicedState } from '../protocol/slices.ts';

/** A state's slices: the layout and each slice's JSON by name. */
export interface SliceSource {
  layout: SliceLayout;
  json: (name: string) => string;
}

/** The slices of a whole state string (a page that does not speak slices, a state file). */
export function slicesOfJson(json: string): SliceSource | null {
  try {
    const tree = JSON.parse(json) as unknown;
    if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) return null;
    const split = splitTree(tree as Record<string, unknown>);
    return { layout: split.layout, json: (name) => split.json[name]! };
  } catch {
    return null;
  }
}

/**
 * The hub's record of a studio's slices is bounded like the bridge's record of a page's; the
 * studio keeps twice as much (web/studio/studioClient.svelte.ts), so it never lacks one the hub
 * thinks it has.
 */
export const STUDIO_SENT_SLICE_CHARS = KEPT_SLICE_CHARS;

/** `source` as this studio needs it: the JSON of slices it was not sent yet, and the record updated. */
export function toStudioState(client: { sent: SliceStore }, source: SliceSource, route: StudioState['route'], revision: number): StudioState {
  const json: Record<string, string> = {};
  for (const name of sliceNames(source.layout)) {
    const version = source.layout.versions[name]!;
    if (client.sent.has(version)) client.sent.get(version);
    else {
      const text = source.json(name);
      json[name] = text;
      client.sent.put(version, text);
    }
  }
  const sliced: SlicedState = { ...source.layout, json };
  return { route, revision, sliced };
}

/** A snapshot from a page, checked: its declared type is a hope, not a fact. */
export function isStateSnapshot(v: unknown): v is StateSnapshot {
  const s = v as StateSnapshot;
  return typeof v === 'object' && v !== null && typeof s.json === 'string' && typeof s.revision === 'number' &&
    typeof s.route === 'object' && s.route !== null && typeof s.route.app === 'string' && typeof s.route.path === 'string';
}
