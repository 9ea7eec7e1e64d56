/**
 * A look's content (simulator-apps/os/lookContent.ts, called by bridge/runner/setup.ts): variant 0
 * moves nothing; any other passes content round among the records the task does not refer to
 * (moments, 小橙书's notes by others, memos), each record's content whole, and keeps it where the
 * task's setup depends on it.
 */
import { describe, expect, it } from 'vitest';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { prepareInstance } from '../../bridge/runner/setup.ts';
import { loadRegistry, type LoadedTask } from '../../bridge/tasks/registry.ts';
import type { ChatState } from '../../simulator-apps/chat/types.ts';
import type { MemosState } from '../../simulator-apps/memos/types.ts';
import type { NotesState } from '../../simulator-apps/notes/types.ts';
import { applyContentSwaps, chooseContentSwaps } from '../../simulator-apps/os/lookContent.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const notesOf = (s: PhoneState) => (s.apps.notes as unknown as NotesState).notes;
const memosOf = (s: PhoneState) => (s.apps.memos as unknown as MemosState).memos;
const momentsOf = (s: PhoneState) => (s.apps.chat as unknown as ChatState).moments;

async function task(id: string): Promise<LoadedTask> {
  const t = (await loadRegistry()).tasks.find((x) => x.id === id);
  if (!t) throw new Error(`no task ${id}`);
  return t;
}

describe("a look's content", () => {
  it('moves whole contents among records, keeping what ties each to the phone; drawn from the seed and the variant', () => {
    const state = createInitialState(4);
    const swaps = chooseContentSwaps(state, 4, 1, '', {});
    expect(swaps.map((s) => s.app).sort()).toEqual(['chat', 'memos', 'notes']);
    expect(chooseContentSwaps(state, 4, 1, '', {})).toEqual(swaps);
    expect(chooseContentSwaps(state, 4, 2, '', {})).not.toEqual(swaps);
    const after = structuredClone(state);
    applyContentSwaps(after, swaps);
    // Each note keeps its id, author, likes, comments and time; its title and body come together from another.
    const before = new Map(notesOf(state).map((n) => [n.id, n]));
    let moved = 0;
    for (const n of notesOf(after)) {
      const was = before.get(n.id)!;
      expect({ authorId: n.authorId, likes: n.likes, comments: n.comments, time: n.time }).toEqual({ authorId: was.authorId, likes: was.likes, comments: was.comments, time: was.time });
      const source = notesOf(state).find((x) => x.title === n.title && x.body === n.body);
      expect(source, `note ${n.id}'s title and body are one note's`).toBeDefined();
      expect(n.category).toBe(source!.category);
      if (source!.id !== n.id) moved++;
    }
    expect(moved).toBeGreaterThan(notesOf(state).length / 2);
    // Nothing is lost or made up: the same contents, on other records.
    const contents = (s: PhoneState) => notesOf(s).map((n) => n.title + n.body).sort();
    expect(contents(after)).toEqual(contents(state));
    expect(memosOf(after).map((m) => JSON.stringify(m.blocks)).sort()).toEqual(memosOf(state).map((m) => JSON.stringify(m.blocks)).sort());
    expect(momentsOf(after).map((m) => m.id)).toEqual(momentsOf(state).map((m) => m.id));
    // Mine stay mine: my own notes and posts keep what I wrote.
    for (const n of notesOf(after).filter((x) => x.authorId === 'me')) expect(n.title).toBe(before.get(n.id)!.title);
    for (const m of momentsOf(after).filter((x) => x.authorId === 'me')) expect(m.text).toBe(momentsOf(state).find((x) => x.id === m.id)!.text);
  });

  it('never moves a record the task refers to: by id, by its text, or holding a parameter', () => {
    const state = createInitialState(4);
    const [a, b, c] = notesOf(state).filter((n) => n.authorId !== 'me');
    const memo = memosOf(state).find((m) => !m.locked && m.deletedAt === null)!;
    const word = memo.blocks.flatMap((x) => ('text' in x ? [x.text] : []))[0]!.slice(0, 3);
    const swaps = chooseContentSwaps(state, 4, 1, `${a!.id} ${b!.title}`, { keyword: word, note: c!.title });
    const moved = new Set(swaps.flatMap((s) => s.moves.flatMap((m) => [m.to, m.from])));
    for (const id of [a!.id, b!.id, c!.id, memo.id]) expect(moved.has(id), id).toBe(false);
  });

  it('variant 0 moves nothing; variant 1 keeps the task the same: its parameters, goal and the records it names', async () => {
    const t = await task('notes.CollectToBoard');
    const plain = prepareInstance(t, 6);
    expect(plain.content).toEqual({ kind: 'none' });
    const looked = prepareInstance(t, 6, { variant: 1 });
    expect(looked.content.kind).toBe('moved');
    expect(looked.params).toEqual(plain.params);
    const named = JSON.stringify(plain.params);
    for (const n of notesOf(plain.state).filter((x) => named.includes(x.id) || named.includes(x.title))) {
      expect(notesOf(looked.state).find((x) => x.id === n.id)).toMatchObject({ title: n.title, body: n.body });
    }
    // The feed reads differently: most notes by others show another's content.
    const plainTitles = new Map(notesOf(plain.state).map((n) => [n.id, n.title]));
    const changed = notesOf(looked.state).filter((n) => n.authorId !== 'me' && plainTitles.get(n.id) !== n.title);
    expect(changed.length).toBeGreaterThan(10);
  });

  it('a task whose sampler reads the content keeps it (names alone change), and says why', async () => {
    const t = await task('memos.SearchQuery');
    const looked = prepareInstance(t, 1, { variant: 1 });
    expect(looked.content).toEqual({ kind: 'kept', reason: 'its sampler drew other parameters on the changed phone' });
    expect(looked.params).toEqual(prepareInstance(t, 1).params);
    expect(memosOf(looked.state).map((m) => m.blocks)).toEqual(memosOf(prepareInstance(t, 1).state).map((m) => m.blocks));
  });
});
