/**
 * A look's content (--variant N ≥ 1): the records a task does not refer to trade what they say,
 * so an agent cannot lean on having seen which post says what, or which memo is third. Within one
 * kind of record of one app, the records the task does not refer to pass their content round (a
 * seeded shuffle): 轻聊's 朋友圈 posts their text, pictures and place; 小橙书's notes by others
 * their title, body, tags, category, pictures and city; 备忘录's memos their blocks. What ties a
 * record to the rest of the phone stays: its id, author, time, likes and comments, folder, pin.
 * Each record's content moves whole, so it stays one coherent post, note or memo.
 *
 * Which records the task refers to is for the caller to say (`referred`: the task's parameters,
 * goal and answer fields as text); a record is referred when its id, or any text of its content,
 * occurs there, or when it holds a parameter's text. Setup then proves the change safe as it does
 * for names (bridge/runner/setup.ts): the task's hooks run again on the changed phone and must
 * draw the same parameters and goal. Pure and deterministic: no Svelte, no DOM.
 */
import { Rng } from '../shared/rng.ts';

type Rec = Record<string, unknown>;

/** One kind of record whose content a look may pass round. */
interface ContentKind {
  app: string;
  /** The records, from the app's slice. */
  records: (slice: Rec) => unknown;
  /** Records that may trade content (others' posts, not mine; nothing deleted or locked). */
  eligible: (r: Rec) => boolean;
  /** The fields that are the record's content and move together. */
  fields: readonly string[];
  /** The record's content as text, to match against what the task refers to. */
  texts: (r: Rec) => string[];
}

const str = (v: unknown): string[] => (typeof v === 'string' && v !== '' ? [v] : []);

const KINDS: readonly ContentKind[] = [
  {
    app: 'chat',
    records: (s) => s.moments,
    eligible: (r) => r.authorId !== 'me',
    fields: ['text', 'images', 'location'],
    texts: (r) => [...str(r.text), ...str(r.location)],
  },
  {
    app: 'notes',
    records: (s) => s.notes,
    eligible: (r) => r.authorId !== 'me' && r.deleted === false,
    fields: ['title', 'body', 'tags', 'category', 'images', 'city'],
    texts: (r) => [...str(r.title), ...str(r.body), ...(Array.isArray(r.tags) ? r.tags.flatMap(str) : []), ...str(r.city)],
  },
  {
    app: 'memos',
    records: (s) => s.memos,
    eligible: (r) => r.locked === false && r.deletedAt === null,
    fields: ['blocks'],
    texts: (r) => (Array.isArray(r.blocks) ? r.blocks.flatMap((b) => str((b as Rec).text)) : []),
  },
];

/** Within one app's records of one kind: record `to` takes the content record `from` had. */
export interface ContentSwap {
  app: string;
  moves: { to: string; from: string }[];
}

function recordsOf(state: unknown, kind: ContentKind): Rec[] {
  const slice = (state as { apps?: Record<string, unknown> }).apps?.[kind.app];
  if (!slice || typeof slice !== 'object') return [];
  const list = kind.records(slice as Rec);
  return Array.isArray(list) ? list.filter((r): r is Rec => !!r && typeof r === 'object' && typeof (r as Rec).id === 'string') : [];
}

/** Every string in a parameter value, at any depth. */
function stringsIn(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) stringsIn(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) stringsIn(x, out);
  return out;
}

/**
 * The content moves of a look: for each kind with at least two records the task does not refer
 * to, a seeded shuffle of their content (drawn from the seed and the variant). `referred` is the
 * task's parameters, goal and answer fields as text; `params` the parameters themselves (a record
 * whose content holds one of their texts is referred, even when only part of it is named).
 */
export function chooseContentSwaps(state: unknown, seed: number, variant: number, referred: string, params: unknown): ContentSwap[] {
  const named = stringsIn(params).filter((s) => [...s].length >= 2);
  const rng = new Rng(seed >>> 0).fork(`look-content:${variant}`);
  const swaps: ContentSwap[] = [];
  for (const kind of KINDS) {
    const free = recordsOf(state, kind).filter((r) => {
      if (!kind.eligible(r) || referred.includes(r.id as string)) return false;
      const texts = kind.texts(r);
      return !texts.some((t) => referred.includes(t) || named.some((n) => t.includes(n)));
    });
    if (free.length < 2) continue;
    const ids = free.map((r) => r.id as string);
    const from = rng.shuffle(ids);
    const moves = ids.map((to, i) => ({ to, from: from[i]! })).filter((m) => m.to !== m.from);
    if (moves.length > 0) swaps.push({ app: kind.app, moves });
  }
  return swaps;
}

/** Moves content as `swaps` say, in place (every content read before any is written). */
export function applyContentSwaps(state: unknown, swaps: readonly ContentSwap[]): void {
  for (const swap of swaps) {
    const kind = KINDS.find((k) => k.app === swap.app);
    if (!kind) continue;
    const byId = new Map(recordsOf(state, kind).map((r) => [r.id as string, r]));
    const content = new Map<string, Rec>();
    for (const { from } of swap.moves) {
      const r = byId.get(from);
      if (r) content.set(from, Object.fromEntries(kind.fields.filter((f) => f in r).map((f) => [f, r[f]])));
    }
    for (const { to, from } of swap.moves) {
      const r = byId.get(to);
      const c = content.get(from);
      if (r && c) Object.assign(r, structuredClone(c));
    }
  }
}

/** How many records a set of swaps gives other content. */
export const movedRecords = (swaps: readonly ContentSwap[]): number => swaps.reduce((n, s) => n + s.moves.length, 0);
