import { describe, expect, it } from 'vitest';
import { diffStates } from '../../bridge/judge/diff.ts';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('diffStates: equal values', () => {
  it('reports nothing for deep-equal trees that share no references', () => {
    const a = { os: { time: { timestamp: 1 } }, apps: { chat: { chats: [{ id: 'c_1', tags: ['x'] }], grid: [[1, 2], [3]] } } };
    expect(diffStates(a, clone(a))).toEqual([]);
  });

  it('treats -0 and 0 as equal', () => {
    expect(diffStates({ x: 0 }, { x: -0 })).toEqual([]);
  });

  it('treats a key holding undefined as absent', () => {
    expect(diffStates({ a: 1, b: undefined }, { a: 1 })).toEqual([]);
    expect(diffStates({ a: 1 }, { a: 1, b: undefined })).toEqual([]);
  });

  it('ignores key order in objects', () => {
    expect(diffStates({ a: 1, b: 2 }, { b: 2, a: 1 })).toEqual([]);
  });
});

describe('diffStates: objects', () => {
  it('reports changed leaves at their full path', () => {
    const a = { apps: { chat: { me: { name: 'Ann', status: { text: 'busy' } } } } };
    const b = clone(a);
    b.apps.chat.me.status.text = 'free';
    expect(diffStates(a, b)).toEqual([{ path: 'apps.chat.me.status.text', kind: 'changed', before: 'busy', after: 'free' }]);
  });

  it('reports added and removed keys with their whole value', () => {
    const a = { s: { keep: 1, gone: { deep: [1, 2] } } };
    const b = { s: { keep: 1, fresh: { deep: true } } };
    expect(diffStates(a, b)).toEqual([
      { path: 's.fresh', kind: 'added', after: { deep: true } },
      { path: 's.gone', kind: 'removed', before: { deep: [1, 2] } },
    ]);
  });

  it('reports a key set to undefined as removed', () => {
    expect(diffStates({ a: 1 }, { a: undefined })).toEqual([{ path: 'a', kind: 'removed', before: 1 }]);
  });

  it('quotes keys that are not identifiers and keeps unicode keys bare', () => {
    const a = { apps: { notes: { 标签: 'a', 'a.b': 1, 'x y': true } } };
    const b = { apps: { notes: { 标签: 'b', 'a.b': 2, 'x y': false } } };
    expect(diffStates(a, b).map((c) => c.path)).toEqual(['apps.notes["a.b"]', 'apps.notes["x y"]', 'apps.notes.标签']);
  });

  it('handles keys named like Object.prototype members as plain data', () => {
    const a = JSON.parse('{"toString":1,"constructor":{"x":1},"__proto__":{"y":1}}');
    const b = JSON.parse('{"toString":2,"constructor":{"x":1},"__proto__":{"y":2}}');
    expect(diffStates(a, b)).toEqual([
      { path: '__proto__.y', kind: 'changed', before: 1, after: 2 },
      { path: 'toString', kind: 'changed', before: 1, after: 2 },
    ]);
    expect(diffStates({}, JSON.parse('{"constructor":1}'))).toEqual([{ path: 'constructor', kind: 'added', after: 1 }]);
    expect(diffStates(JSON.parse('{"hasOwnProperty":1}'), {})).toEqual([{ path: 'hasOwnProperty', kind: 'removed', before: 1 }]);
  });
});

describe('diffStates: type changes', () => {
  it.each([
    ['object → array', { a: 1 }, [1]],
    ['array → object', [1], { a: 1 }],
    ['array → primitive', [1, 2], 'x'],
    ['number → string', 1, '1'],
    ['boolean → number', true, 1],
    ['null → object', null, { a: 1 }],
    ['object → null', { a: 1 }, null],
    ['string → null', 'x', null],
    ['empty object → empty array', {}, []],
  ])('%s is one change at that path', (_label, before, after) => {
    expect(diffStates({ v: { x: before } }, { v: { x: after } })).toEqual([{ path: 'v.x', kind: 'changed', before, after }]);
  });

  it('reports a root-level type change at the empty path', () => {
    expect(diffStates({ a: 1 }, [1])).toEqual([{ path: '', kind: 'changed', before: { a: 1 }, after: [1] }]);
  });

  it('does not report null → null or equal primitives', () => {
    expect(diffStates({ a: null, b: 'x', c: false }, { a: null, b: 'x', c: false })).toEqual([]);
  });
});

describe('diffStates: id-keyed arrays', () => {
  const chats = () => ({
    chats: [
      { id: 'c_1', title: 'Alice', messages: [{ id: 'm_1', text: 'hi' }, { id: 'm_2', text: 'yo' }] },
      { id: 'c_2', title: 'Bob', messages: [] as { id: string; text: string }[] },
      { id: 'c_3', title: 'Carol', messages: [] as { id: string; text: string }[] },
    ],
  });

  it('ignores reordering alone', () => {
    const a = chats();
    const b = clone(a);
    b.chats.reverse();
    b.chats[2].messages.reverse();
    expect(diffStates(a, b)).toEqual([]);
  });

  it('reports an added record once, at arr[id], with the whole record', () => {
    const a = chats();
    const b = clone(a);
    const msg = { id: 'm_3', text: 'new', reactions: ['👍'] };
    b.chats[0].messages.push(msg);
    expect(diffStates(a, b)).toEqual([{ path: 'chats[c_1].messages[m_3]', kind: 'added', after: msg }]);
  });

  it('reports a removed record once, at arr[id], with the whole record', () => {
    const a = chats();
    const b = clone(a);
    b.chats.splice(1, 1);
    expect(diffStates(a, b)).toEqual([{ path: 'chats[c_2]', kind: 'removed', before: a.chats[1] }]);
  });

  it('pairs by id through insertions in the middle, reporting no spurious positional changes', () => {
    const a = chats();
    const b = clone(a);
    b.chats.splice(1, 0, { id: 'c_9', title: 'New', messages: [] });
    b.chats[3].title = 'Caroline';
    expect(diffStates(a, b)).toEqual([
      { path: 'chats[c_3].title', kind: 'changed', before: 'Carol', after: 'Caroline' },
      { path: 'chats[c_9]', kind: 'added', after: { id: 'c_9', title: 'New', messages: [] } },
    ]);
  });

  it('reports a deep change inside a record at the leaf path, even after reordering', () => {
    const a = chats();
    const b = clone(a);
    b.chats.reverse();
    b.chats[2].messages[1].text = 'yo!';
    expect(diffStates(a, b)).toEqual([{ path: 'chats[c_1].messages[m_2].text', kind: 'changed', before: 'yo', after: 'yo!' }]);
  });

  it('treats an empty array as compatible with records on the other side', () => {
    expect(diffStates({ l: [] }, { l: [{ id: 'a', v: 1 }] })).toEqual([{ path: 'l[a]', kind: 'added', after: { id: 'a', v: 1 } }]);
    expect(diffStates({ l: [{ id: 'a', v: 1 }] }, { l: [] })).toEqual([{ path: 'l[a]', kind: 'removed', before: { id: 'a', v: 1 } }]);
  });

  it('quotes numeric ids and pairs number and string ids by their text', () => {
    const a = { l: [{ id: 1, v: 'a' }, { id: 2, v: 'b' }] };
    const b = { l: [{ id: 2, v: 'B' }, { id: 1, v: 'a' }] };
    expect(diffStates(a, b)).toEqual([{ path: 'l[id="2"].v', kind: 'changed', before: 'b', after: 'B' }]);
  });

  it('reports a record whose id changed as one removal and one addition', () => {
    const a = { l: [{ id: 'x', v: 1 }] };
    const b = { l: [{ id: 'y', v: 1 }] };
    expect(diffStates(a, b)).toEqual([
      { path: 'l[x]', kind: 'removed', before: { id: 'x', v: 1 } },
      { path: 'l[y]', kind: 'added', after: { id: 'y', v: 1 } },
    ]);
  });

  it('names records by id when only their contents changed and the order is the same', () => {
    const a = { l: [{ id: 'x', n: 1 }, { id: 'y', n: 2 }] };
    const b = { l: [{ id: 'x', n: 1 }, { id: 'y', n: 3 }] };
    expect(diffStates(a, b)).toEqual([{ path: 'l[y].n', kind: 'changed', before: 2, after: 3 }]);
  });
});

describe('diffStates: positional arrays', () => {
  it('compares primitives index by index', () => {
    expect(diffStates({ t: ['a', 'b', 'c'] }, { t: ['a', 'x', 'c'] })).toEqual([{ path: 't[1]', kind: 'changed', before: 'b', after: 'x' }]);
  });

  it('reports growth as additions at the new indices', () => {
    expect(diffStates({ t: [1] }, { t: [1, 2, 3] })).toEqual([
      { path: 't[1]', kind: 'added', after: 2 },
      { path: 't[2]', kind: 'added', after: 3 },
    ]);
  });

  it('reports shrinking as removals at the lost indices', () => {
    expect(diffStates({ t: [1, 2, 3] }, { t: [1] })).toEqual([
      { path: 't[1]', kind: 'removed', before: 2 },
      { path: 't[2]', kind: 'removed', before: 3 },
    ]);
  });

  it('sees reordering of primitives as changes', () => {
    expect(diffStates({ t: [1, 2] }, { t: [2, 1] })).toEqual([
      { path: 't[0]', kind: 'changed', before: 1, after: 2 },
      { path: 't[1]', kind: 'changed', before: 2, after: 1 },
    ]);
  });

  it('sorts indices numerically, not as text', () => {
    const a = { t: Array.from({ length: 12 }, (_, i) => i) };
    const b = { t: a.t.map((v) => (v === 2 || v === 10 ? -v - 1 : v)) };
    expect(diffStates(a, b).map((c) => c.path)).toEqual(['t[2]', 't[10]']);
  });

  it('walks arrays of arrays position by position', () => {
    const a = { grid: [[1, 2], [3, 4]] };
    const b = { grid: [[1, 2], [3, 5], [6]] };
    expect(diffStates(a, b)).toEqual([
      { path: 'grid[1][1]', kind: 'changed', before: 4, after: 5 },
      { path: 'grid[2]', kind: 'added', after: [6] },
    ]);
  });

  it('falls back to positions when record ids repeat', () => {
    const a = { l: [{ id: 'x', v: 1 }, { id: 'x', v: 2 }] };
    const b = { l: [{ id: 'x', v: 2 }, { id: 'x', v: 1 }] };
    expect(diffStates(a, b)).toEqual([
      { path: 'l[0].v', kind: 'changed', before: 1, after: 2 },
      { path: 'l[1].v', kind: 'changed', before: 2, after: 1 },
    ]);
  });

  it('falls back to positions for a change inside records with repeated ids in the same order', () => {
    const a = { l: [{ id: 'x', v: 1 }, { id: 'x', v: 2 }] };
    const b = { l: [{ id: 'x', v: 1 }, { id: 'x', v: 3 }] };
    expect(diffStates(a, b)).toEqual([{ path: 'l[1].v', kind: 'changed', before: 2, after: 3 }]);
  });

  it('falls back to positions when a duplicate id appears in the new array', () => {
    const a = { l: [{ id: 'x', v: 1 }] };
    const b = { l: [{ id: 'x', v: 1 }, { id: 'x', v: 1 }] };
    expect(diffStates(a, b)).toEqual([{ path: 'l[1]', kind: 'added', after: { id: 'x', v: 1 } }]);
  });

  it('falls back to positions when some elements have no id', () => {
    const a = { l: [{ id: 'x' }, { name: 'y' }] };
    const b = { l: [{ name: 'y' }, { id: 'x' }] };
    expect(diffStates(a, b).map((c) => c.path)).toEqual(['l[0].id', 'l[0].name', 'l[1].id', 'l[1].name']);
  });
});

describe('diffStates: order and options', () => {
  it('sorts by path segment by segment, parents before children', () => {
    const a = { b: { x: 1 }, a: [1], 'b.c': 1, c: { d: { e: 1 } } };
    const b = { b: { x: 2, y: 1 }, a: [2], 'b.c': 2, c: { d: { e: 2 } }, aa: 1 };
    expect(diffStates(a, b).map((c) => c.path)).toEqual(['a[0]', 'aa', 'b.x', 'b.y', '["b.c"]', 'c.d.e']);
  });

  it('gives the same result whatever the key order of the inputs', () => {
    const a = { z: 1, y: { b: 1, a: 1 }, x: [{ id: 'q', v: 1 }, { id: 'p', v: 1 }] };
    const b1 = { z: 2, y: { b: 2, a: 2 }, x: [{ id: 'q', v: 2 }, { id: 'p', v: 2 }] };
    const b2 = { x: [{ v: 2, id: 'p' }, { v: 2, id: 'q' }], y: { a: 2, b: 2 }, z: 2 };
    expect(diffStates(a, b1)).toEqual(diffStates(a, b2));
  });

  it('leaves out changes matching an ignore pattern', () => {
    const a = { os: { time: { timestamp: 1, tz: 'UTC' } }, apps: { chat: { chats: [{ id: 'c_1', seen: 1, t: 'a' }] } } };
    const b = { os: { time: { timestamp: 2, tz: 'CET' } }, apps: { chat: { chats: [{ id: 'c_1', seen: 2, t: 'b' }] } } };
    expect(diffStates(a, b, { ignore: ['os.time.**', 'apps.*.chats[*].seen'] })).toEqual([
      { path: 'apps.chat.chats[c_1].t', kind: 'changed', before: 'a', after: 'b' },
    ]);
  });

  it('keeps the input values themselves in before/after', () => {
    const rec = { id: 'n', deep: { v: 1 } };
    const [change] = diffStates({ l: [] }, { l: [rec] });
    expect(change.after).toBe(rec);
  });
});

describe('diffStates: a whole phone state', () => {
  it('finds exactly the ten changes made to a large state', () => {
    const chats = Array.from({ length: 40 }, (_, c) => ({
      id: `c_${c}`,
      title: `Chat ${c}`,
      muted: false,
      messages: Array.from({ length: 25 }, (_, m) => ({ id: `m_${c}_${m}`, text: `msg ${m}`, read: true, reactions: ['👍'] })),
    }));
    const init = { os: { time: { timestamp: 1_700_000_000_000, timezone: 'Asia/Shanghai' } }, apps: { chat: { chats } } };
    const final = clone(init);
    const expected: string[] = [];
    for (let k = 0; k < 10; k++) {
      final.apps.chat.chats[k * 3].messages[k].read = false;
      expected.push(`apps.chat.chats[c_${k * 3}].messages[m_${k * 3}_${k}].read`);
    }
    final.apps.chat.chats.reverse();
    const changes = diffStates(init, final);
    expect(changes.map((c) => c.path)).toEqual([...expected].sort((x, y) => (x < y ? -1 : 1)));
    expect(changes.every((c) => c.kind === 'changed' && c.before === true && c.after === false)).toBe(true);
  });
});
