/** The per-step state patch a trajectory records beside each screenshot (issue 13). */
import { describe, expect, it } from 'vitest';
import { STEP_CHANGES, STEP_VALUE_BYTES, stepChanges } from '../../bridge/runner/recorder.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';

const tree = (apps: Record<string, unknown>) => ({ os: { time: { timestamp: 1 } }, apps }) as unknown as PhoneState;
const patch = (a: PhoneState, b: PhoneState) => stepChanges(a, b, JSON.stringify(a), JSON.stringify(b));

describe('a step’s state patch', () => {
  it('names each change by the judge’s id path, with small values before and after', () => {
    const a = tree({ chat: { chats: [{ id: 'c1', pinned: false }, { id: 'c2', pinned: false }] } });
    const b = tree({ chat: { chats: [{ id: 'c1', pinned: false }, { id: 'c2', pinned: true }] } });
    expect(patch(a, b)).toEqual({ changes: [{ path: 'apps.chat.chats[c2].pinned', kind: 'changed', before: false, after: true }] });
  });

  it('is empty when nothing changed, and when a backend has no state', () => {
    const a = tree({ notes: { n: 1 } });
    expect(patch(a, tree({ notes: { n: 1 } }))).toEqual({});
    expect(stepChanges(null, a, null, JSON.stringify(a))).toEqual({});
  });

  it('keeps the path of a large value but not the value', () => {
    const big = 'x'.repeat(STEP_VALUE_BYTES + 1);
    const { changes } = patch(tree({ notes: { items: [] } }), tree({ notes: { items: [{ id: 'n1', text: big }] } }));
    expect(changes).toEqual([{ path: 'apps.notes.items[n1]', kind: 'added' }]);
  });

  it('records at most STEP_CHANGES changes and says how many more there were', () => {
    const many = (v: number) => tree({ calc: Object.fromEntries(Array.from({ length: STEP_CHANGES + 5 }, (_, i) => [`k${String(i).padStart(3, '0')}`, v])) });
    const out = patch(many(0), many(1));
    expect(out.changes).toHaveLength(STEP_CHANGES);
    expect(out.changes_cut).toBe(5);
  });
});
