/**
 * The state files' layout by lines (protocol/stateFile.ts) and the re-judge's reader of it: the
 * text is JSON of the same value, the reader gives the same two values, shares what did not
 * change, reads what any JSON writer wrote, and keys and strings that look like its own syntax
 * do not confuse it.
 */
import { linkSync, mkdtempSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStatePair } from '../../bridge/leaderboard/stateFiles.ts';
import { sliceLines, stateFileText, stateFileTextOf } from '../../bridge/protocol/stateFile.ts';
import { lazyTree, splitTree } from '../../bridge/protocol/slices.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { diffStates } from '../../bridge/judge/diff.ts';
import { writeStateFile } from '../../bridge/runner/stateFiles.ts';

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
    const chats = s.apps.chat!.chats as unknown[];
    expect(text.split('\n')).toContain(`${JSON.stringify(chats[0])},`); // a record a line
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

  it('shares a record whose bytes did not change, wherever it moved, and parses only the records that did', () => {
    const before = createInitialState(5);
    const after = structuredClone(before);
    const products = after.apps.shop!.products as { id: string; stock?: number }[];
    products[3]!.stock = (products[3]!.stock ?? 0) + 1;
    const bills = after.apps.wallet!.bills as { id: string }[];
    bills.unshift({ ...structuredClone(bills[0]!), id: 'b_new' });
    after.os.time.timestamp += 60_000;
    const { initial, final } = pair(before, after);
    const [ip, fp] = [initial.apps.shop!.products as unknown[], final.apps.shop!.products as unknown[]];
    const [ib, fb] = [initial.apps.wallet!.bills as unknown[], final.apps.wallet!.bills as unknown[]];
    expect(fp[2]).toBe(ip[2]);
    expect(fp[3]).not.toBe(ip[3]);
    expect(fb[1]).toBe(ib[0]); // moved one place down by the new bill
    expect(fb.at(-1)).toBe(ib.at(-1));
    expect(diffStates(initial, final)).toEqual(diffStates(before, after));
    expect(plain(final)).toEqual(after);
  });

  it("answers a record's id from its bytes, and any other read from the parsed record", () => {
    const ids = ['plain', 'a"quote\\back', '你好', 7, -3, 1.5, 12345678901234567890, 1e3];
    const before = { os: { time: { timestamp: 1 } }, apps: { x: { list: ids.map((id, i) => ({ id, n: i })), other: [{ idx: 1 }, { name: 'no id', id: 'late' }] } } };
    const after = structuredClone(before);
    after.apps.x.list.push({ id: 'added', n: 99 });
    after.apps.x.other.push({ idx: 2 });
    const { initial, final } = pair(before, after);
    const list = final.apps.x!.list as { id: unknown; n: number }[];
    expect(list.map((r) => r.id)).toEqual([...ids, 'added']);
    expect(list.map((r) => r.n)).toEqual([...ids.map((_, i) => i), 99]);
    expect(plain(initial)).toEqual(plain(before));
    expect(plain(final.apps.x!.other)).toEqual(plain(after.apps.x.other));
    expect(diffStates(initial, final)).toEqual(diffStates(before as unknown as PhoneState, after as unknown as PhoneState));
    const { final: again } = pair(before, after);
    const rec = (again.apps.x!.list as { id: unknown }[])[0]!;
    rec.id = 'renamed'; // a write goes to the parsed record, and a read after it sees it
    expect(rec.id).toBe('renamed');
  });

  it('reads compact JSON and any other layout whole', () => {
    const s = createInitialState(2);
    for (const write of [(v: unknown) => JSON.stringify(v), (v: unknown) => JSON.stringify(v, null, 2)]) {
      const { initial, final } = pair(s, s, write);
      expect(plain(initial)).toEqual(s);
      expect(plain(final)).toEqual(s);
    }
  });

  it('reads a file linked into many episodes once, and gives every pair values of its own', () => {
    const before = createInitialState(3);
    const after = structuredClone(before);
    after.os.time.timestamp += 60_000;
    const files = ['i0', 'f0', 'i1', 'f1'].map((f) => join(dir, `${f}-${n}.json`));
    n++;
    writeFileSync(files[0]!, stateFileText(before));
    writeFileSync(files[1]!, stateFileText(after));
    linkSync(files[0]!, files[2]!);
    linkSync(files[1]!, files[3]!);
    const one = readStatePair(files[0]!, files[1]!);
    const two = readStatePair(files[2]!, files[3]!);
    expect(plain(two.initial)).toEqual(plain(before));
    expect(diffStates(two.initial, two.final)).toEqual(diffStates(before, after));
    expect(one.final.apps).not.toBe(two.final.apps); // nothing parsed is shared between rows
    one.final.os.time.timezone = 'changed';
    expect(two.final.os.time.timezone).toBe(before.os.time.timezone);
    // A file replaced under the same name is another file: read anew.
    const replaced = join(dir, `r${n++}.json`);
    const edited = structuredClone(after);
    edited.os.time.timestamp += 1;
    writeFileSync(replaced, stateFileText(edited));
    renameSync(replaced, files[3]!);
    expect(readStatePair(files[2]!, files[3]!).final.os.time.timestamp).toBe(edited.os.time.timestamp);
  });

  it("writes a run's equal states once: later episodes get a hard link, and a rewrite leaves the twin alone", () => {
    const run = mkdtempSync(join(tmpdir(), 'phonegym-run-states-'));
    const s = createInitialState(4);
    const [a, b, c] = ['a', 'b', 'c'].map((f) => join(run, `${f}.json`));
    writeStateFile(run, a!, s);
    writeStateFile(run, b!, s);
    expect(statSync(b!).ino).toBe(statSync(a!).ino);
    const other = structuredClone(s);
    other.os.time.timestamp += 1;
    writeStateFile(run, c!, other);
    expect(statSync(c!).ino).not.toBe(statSync(a!).ino);
    // Episode b run again (a resume) with another end: its file changes, a's does not.
    writeStateFile(run, b!, other);
    expect(JSON.parse(readFileSync(a!, 'utf8'))).toEqual(s);
    expect(JSON.parse(readFileSync(b!, 'utf8'))).toEqual(other);
    // Another run folder never links to this one's files.
    const run2 = mkdtempSync(join(tmpdir(), 'phonegym-run-states-'));
    writeStateFile(run2, join(run2, 'a.json'), s);
    expect(statSync(join(run2, 'a.json')).ino).not.toBe(statSync(a!).ino);
  });

  it('put together slice by slice, each slice laid out once, the text is byte for byte the same', () => {
    for (const value of [createInitialState(6), tricky, { os: { a: 1 }, apps: {} }, { apps: { one: [] } }]) {
      const state = value as unknown as PhoneState;
      const laid: string[] = [];
      expect(stateFileTextOf(state, (name, read, depth) => (laid.push(name), sliceLines(read(), depth)))).toBe(stateFileText(state));
      expect(laid.length).toBeGreaterThan(0);
    }
    // Written with its versions, a state's file is the same bytes, found again by them, and an
    // end that changed one slice lays out only that one (a lazily parsed tree parses only it).
    const run = mkdtempSync(join(tmpdir(), 'phonegym-run-states-'));
    const s = createInitialState(7);
    const split = splitTree(s as unknown as Record<string, unknown>);
    writeStateFile(run, join(run, 'initial.json'), lazyTree(split.layout, split.json) as unknown as PhoneState, undefined, split.layout.versions);
    expect(readFileSync(join(run, 'initial.json'), 'utf8')).toBe(stateFileText(s));
    const end = structuredClone(s);
    end.os.time.timestamp += 1000;
    const endSplit = splitTree(end as unknown as Record<string, unknown>);
    const endTree = lazyTree(endSplit.layout, endSplit.json);
    writeStateFile(run, join(run, 'final.json'), endTree as unknown as PhoneState, undefined, endSplit.layout.versions);
    expect(readFileSync(join(run, 'final.json'), 'utf8')).toBe(stateFileText(end));
    const apps = endTree.apps as Record<string, unknown>;
    expect(Object.keys(apps).filter((id) => Object.getOwnPropertyDescriptor(apps, id)!.get === undefined)).toEqual([]);
    writeStateFile(run, join(run, 'again.json'), s, undefined, split.layout.versions);
    expect(statSync(join(run, 'again.json')).ino).toBe(statSync(join(run, 'initial.json')).ino);
  });
});
