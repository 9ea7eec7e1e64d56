/**
 * The state files' layout by lines (protocol/stateFile.ts) and the re-judge's reader of it: the
 * text is JSON of the same value, the reader gives the same two values, shares what did not
 * change, reads what any JSON writer wrote, and keys and strings that look like its own syntax
 * do not confuse it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStatePair } from '../../bridge/leaderboard/stateFiles.ts';
import { stateFileText } from '../../bridge/protocol/stateFile.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { diffStates } from '../../bridge/judge/diff.ts';

const dir = mkdtempSync(join(tmpdir(), 'phonegym-statefiles-'));
let n = 0;
function pair(a: unknown, b: unknown, write = (v: unknown) => stateFileText(v as PhoneState)) {
  const fa = join(dir, `a${n}.json`);
  const fb = join(dir, `b${n++}.json`);
  writeFileSync(fa, write(a));
  writeFileSync(fb, write(b));
  return readStatePair(fa, fb);
}
const plain = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

const tricky = {
  os: { time: { timestamp: 1, timezone: 'Asia/Shanghai' }, locale: 'zh-CN' },
  apps: {
    'we"ird:': { '":{': [{ id: 'x', text: 'line\nbreak }\n{' }, { id: 'y', text: '],' }], empty: {}, none: [], n: 0 },
    chat: { chats: [{ id: 'c1', pinned: false, messages: [{ t: '你好' }] }, { id: 'c2', pinned: false, messages: [] }], me: { name: '江' } },
    list: [[1, 2], [3], 'text', null, { deep: { deeper: [1] } }],
  },
};

// A key named __proto__ as JSON.parse makes it: an own property, not the prototype.
Object.defineProperty(tricky.apps['we"ird:'], '__proto__', { value: { polluted: true }, enumerable: true, configurable: true, writable: true });

describe('state files laid out by lines', () => {
  it('are JSON of the same value, a member a line down to the records', () => {
    const s = createInitialState(3);
    const text = stateFileText(s);
    expect(JSON.parse(text)).toEqual(s);
    expect(text.split('\n').length).toBeGreaterThan(100);
    expect(JSON.parse(stateFileText(tricky as unknown as PhoneState))).toEqual(plain(tricky));
  });

  it('read back as the same two values, what did not change shared', () => {
    const before = createInitialState(5);
    const after = structuredClone(before);
    const chats = after.apps.chat!.chats as { pinned?: boolean }[] | Record<string, { pinned?: boolean }>;
    const first = Array.isArray(chats) ? chats[0]! : Object.values(chats)[0]!;
    first.pinned = !first.pinned;
    after.os.time.timestamp += 60_000;
    const { initial, final } = pair(before, after);
    expect(plain(initial)).toEqual(before);
    expect(plain(final)).toEqual(after);
    expect(final.apps.notes).toBe(initial.apps.notes);
    expect(final.apps.chat).not.toBe(initial.apps.chat);
    expect(diffStates(initial, final)).toEqual(diffStates(before, after));
  });

  it('is not confused by keys and strings that look like its syntax', () => {
    const changed = structuredClone(tricky);
    changed.apps.chat.chats[1]!.pinned = true;
    changed.apps['we"ird:']['":{'].push({ id: 'z', text: '}' });
    const { initial, final } = pair(tricky, changed);
    expect(plain(initial)).toEqual(plain(tricky));
    expect(plain(final)).toEqual(plain(changed));
    expect(Object.getPrototypeOf(final.apps['we"ird:'])).toBe(Object.prototype);
    expect(Object.keys(final.apps['we"ird:']!)).toContain('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(diffStates(initial, final)).toEqual(diffStates(tricky, changed));
  });

  it('reads compact JSON and any other layout whole', () => {
    const s = createInitialState(2);
    for (const write of [(v: unknown) => JSON.stringify(v), (v: unknown) => JSON.stringify(v, null, 2)]) {
      const { initial, final } = pair(s, s, write);
      expect(plain(initial)).toEqual(s);
      expect(plain(final)).toEqual(s);
    }
  });
});
