import { describe, expect, it } from 'vitest';
import {
  PathSyntaxError,
  compilePattern,
  formatPath,
  getPath,
  matchPath,
  parsePath,
  patternReachesInto,
  projectPath,
  projectPathEntries,
  recordIds,
  type PathSegment,
} from '../../bridge/judge/paths.ts';

const key = (value: string): PathSegment => ({ kind: 'key', value });
const id = (value: string): PathSegment => ({ kind: 'id', value });
const index = (value: number): PathSegment => ({ kind: 'index', value });

describe('parsePath / formatPath', () => {
  it('parses keys, record ids and indices', () => {
    expect(parsePath('apps.chat.chats[c_12].messages[m_9].text')).toEqual([
      key('apps'), key('chat'), key('chats'), id('c_12'), key('messages'), id('m_9'), key('text'),
    ]);
    expect(parsePath('apps.chat.me.tags[2]')).toEqual([key('apps'), key('chat'), key('me'), key('tags'), index(2)]);
  });

  it('treats the empty string as the root', () => {
    expect(parsePath('')).toEqual([]);
    expect(formatPath([])).toBe('');
  });

  it('quotes keys that are not identifiers and parses them back', () => {
    const segs = [key('apps'), key('x'), key('a.b'), key('with space'), key('[br]'), key('1st'), key('say "hi"'), key('')];
    const text = formatPath(segs);
    expect(text).toBe('apps.x["a.b"]["with space"]["[br]"]["1st"]["say \\"hi\\""][""]');
    expect(parsePath(text)).toEqual(segs);
  });

  it('keeps unicode keys bare', () => {
    const segs = [key('apps'), key('备忘录'), key('标签'), key('café')];
    expect(formatPath(segs)).toBe('apps.备忘录.标签.café');
    expect(parsePath('apps.备忘录.标签.café')).toEqual(segs);
  });

  it('quotes emoji keys, which are not letters', () => {
    expect(formatPath([key('r'), key('👍')])).toBe('r["👍"]');
    expect(parsePath('r["👍"]')).toEqual([key('r'), key('👍')]);
  });

  it('quotes record ids that would read as an index or contain special characters', () => {
    expect(formatPath([key('list'), id('42')])).toBe('list[id="42"]');
    expect(formatPath([key('list'), id('a b')])).toBe('list[id="a b"]');
    expect(formatPath([key('list'), id('x]y')])).toBe('list[id="x]y"]');
    expect(formatPath([key('list'), id('a*b')])).toBe('list[id="a*b"]');
    expect(parsePath('list[id="42"]')).toEqual([key('list'), id('42')]);
    expect(parsePath('list[id="x]y"]')).toEqual([key('list'), id('x]y')]);
  });

  it('keeps uuid-like and dotted ids bare', () => {
    expect(formatPath([key('f'), id('3f2a-9c:01')])).toBe('f[3f2a-9c:01]');
    expect(formatPath([key('f'), id('photo.jpg')])).toBe('f[photo.jpg]');
    expect(parsePath('f[photo.jpg]')).toEqual([key('f'), id('photo.jpg')]);
  });

  it('starts with a quoted key or an index when the first segment needs it', () => {
    expect(formatPath([key('a.b'), key('c')])).toBe('["a.b"].c');
    expect(parsePath('["a.b"].c')).toEqual([key('a.b'), key('c')]);
    expect(formatPath([index(0), index(1)])).toBe('[0][1]');
    expect(parsePath('[0][1]')).toEqual([index(0), index(1)]);
  });

  it('round-trips a mixed path both ways', () => {
    const segs = [key('apps'), key('x'), key('grid'), index(1), index(0), key('cells'), id('c-1'), key('a.b'), id('7')];
    expect(parsePath(formatPath(segs))).toEqual(segs);
    const text = 'apps.x.grid[1][0].cells[c-1]["a.b"][id="7"]';
    expect(formatPath(parsePath(text))).toBe(text);
  });

  it.each([
    ['.a', 'cannot start'],
    ['a..b', 'unexpected character'],
    ['a.', 'expected a key'],
    ['a[', 'unterminated'],
    ['a[]', 'empty'],
    ['a["x"', 'expected "]"'],
    ['a["x]', 'unterminated quoted'],
    ['a[x y]', 'must be quoted'],
    ['a b', 'unexpected character'],
    ['a.*', 'unexpected character'],
  ])('rejects %j with a PathSyntaxError (%s)', (text, message) => {
    expect(() => parsePath(text)).toThrow(PathSyntaxError);
    expect(() => parsePath(text)).toThrow(message);
  });

  it('names the path and the offset in the error', () => {
    try {
      parsePath('apps..chat');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PathSyntaxError);
      expect((e as PathSyntaxError).message).toContain('"apps..chat"');
      expect((e as PathSyntaxError).message).toContain('offset 5');
      expect((e as PathSyntaxError).code).toBe('invalid_path');
    }
  });
});

describe('getPath', () => {
  const state = {
    apps: {
      chat: {
        chats: [
          { id: 'c_1', title: 'Alice', messages: [{ id: 'm_1', text: 'hi' }] },
          { id: 'c_2', title: 'Bob', messages: [] },
        ],
        me: { tags: ['a', 'b', 'c'] },
        grid: [[1, 2], [3, 4]],
        'a.b': { deep: true },
        nums: [{ id: 7, v: 'seven' }],
        empty: null,
      },
    },
  };

  it('follows keys, ids and indices', () => {
    expect(getPath(state, 'apps.chat.chats[c_1].messages[m_1].text')).toBe('hi');
    expect(getPath(state, 'apps.chat.chats[c_2].title')).toBe('Bob');
    expect(getPath(state, 'apps.chat.me.tags[2]')).toBe('c');
    expect(getPath(state, 'apps.chat.grid[1][0]')).toBe(3);
    expect(getPath(state, 'apps.chat["a.b"].deep')).toBe(true);
  });

  it('finds numeric record ids by their quoted form', () => {
    expect(getPath(state, 'apps.chat.nums[id="7"].v')).toBe('seven');
  });

  it('uses [n] as a position even in a record array', () => {
    expect(getPath(state, 'apps.chat.chats[1].title')).toBe('Bob');
  });

  it('returns the root for the empty path and null values as they are', () => {
    expect(getPath(state, '')).toBe(state);
    expect(getPath(state, 'apps.chat.empty')).toBeNull();
  });

  it('returns undefined for anything missing', () => {
    expect(getPath(state, 'apps.chat.chats[c_9]')).toBeUndefined();
    expect(getPath(state, 'apps.chat.me.tags[9]')).toBeUndefined();
    expect(getPath(state, 'apps.mail.inbox')).toBeUndefined();
    expect(getPath(state, 'apps.chat.empty.x')).toBeUndefined();
    expect(getPath(state, 'apps.chat.me.tags.length')).toBeUndefined();
    expect(getPath(state, 'apps.chat.me[0]')).toBeUndefined();
  });

  it('does not read inherited properties', () => {
    expect(getPath(state, 'apps.toString')).toBeUndefined();
    expect(getPath({}, 'constructor')).toBeUndefined();
  });

  it('accepts pre-parsed segments', () => {
    expect(getPath(state, [key('apps'), key('chat'), key('chats'), id('c_1'), key('title')])).toBe('Alice');
  });
});

describe('projectPath', () => {
  const state = {
    apps: {
      chat: {
        contacts: [
          { id: 'u_1', name: 'Alice', phone: '1' },
          { id: 'u_2', name: 'Bob' },
          { id: 'u_3', name: 'Carol', phone: '3' },
        ],
        chats: [
          { id: 'c_1', messages: [{ id: 'm_1', text: 'a' }, { id: 'm_2', text: 'b' }] },
          { id: 'd_1', messages: [{ id: 'm_3', text: 'c' }] },
        ],
        settings: { msgSound: true, msgVibrate: false, theme: 'dark' },
        tags: ['x', 'y'],
      },
    },
  };

  it('expands [*] over records', () => {
    expect(projectPath(state, 'apps.chat.contacts[*].name')).toEqual(['Alice', 'Bob', 'Carol']);
  });

  it('skips records without the field', () => {
    expect(projectPath(state, 'apps.chat.contacts[*].phone')).toEqual(['1', '3']);
  });

  it('expands nested wildcards in document order', () => {
    expect(projectPath(state, 'apps.chat.chats[*].messages[*].text')).toEqual(['a', 'b', 'c']);
  });

  it('filters by in-segment globs on ids and keys', () => {
    expect(projectPath(state, 'apps.chat.chats[c_*].messages[*].text')).toEqual(['a', 'b']);
    expect(projectPath(state, 'apps.chat.settings.msg*')).toEqual([true, false]);
  });

  it('expands ** to every depth', () => {
    expect(projectPath(state, '**.text')).toEqual(['a', 'b', 'c']);
    expect(projectPathEntries(state, 'apps.chat.chats.**.text').map((e) => e.path)).toEqual([
      'apps.chat.chats[c_1].messages[m_1].text',
      'apps.chat.chats[c_1].messages[m_2].text',
      'apps.chat.chats[d_1].messages[m_3].text',
    ]);
  });

  it('visits a location once even when two ** could reach it', () => {
    expect(projectPath(state, '**.messages.**.text')).toEqual(['a', 'b', 'c']);
  });

  it('names positional elements by index', () => {
    expect(projectPathEntries(state, 'apps.chat.tags[*]')).toEqual([
      { path: 'apps.chat.tags[0]', value: 'x' },
      { path: 'apps.chat.tags[1]', value: 'y' },
    ]);
  });

  it('gives [value] for a concrete path and [] when it is missing', () => {
    expect(projectPath(state, 'apps.chat.settings.theme')).toEqual(['dark']);
    expect(projectPath(state, 'apps.chat.contacts')).toEqual([state.apps.chat.contacts]);
    expect(projectPath(state, 'apps.mail.*')).toEqual([]);
  });
});

describe('matchPath', () => {
  it('matches a concrete path only itself', () => {
    expect(matchPath('apps.chat.me', 'apps.chat.me')).toBe(true);
    expect(matchPath('apps.chat.me', 'apps.chat.me.name')).toBe(false);
    expect(matchPath('apps.chat.me', 'apps.chat')).toBe(false);
    expect(matchPath('apps.chat.me', 'apps.chat.mE')).toBe(false);
  });

  it('* matches exactly one segment of any kind', () => {
    expect(matchPath('apps.*.draft', 'apps.chat.draft')).toBe(true);
    expect(matchPath('apps.*.draft', 'apps.draft')).toBe(false);
    expect(matchPath('apps.*.draft', 'apps.chat.x.draft')).toBe(false);
    expect(matchPath('apps.chat.chats[*]', 'apps.chat.chats[c_1]')).toBe(true);
    expect(matchPath('apps.chat.chats[*]', 'apps.chat.chats[3]')).toBe(true);
    expect(matchPath('apps.chat.chats.*', 'apps.chat.chats[c_1]')).toBe(true);
    expect(matchPath('apps.chat.chats[*]', 'apps.chat.chats[c_1].title')).toBe(false);
  });

  it('** matches zero or more segments', () => {
    expect(matchPath('apps.chat.**', 'apps.chat')).toBe(true);
    expect(matchPath('apps.chat.**', 'apps.chat.chats[c_1].messages[m_1].text')).toBe(true);
    expect(matchPath('apps.chat.**', 'apps.mail.x')).toBe(false);
    expect(matchPath('**.draft', 'draft')).toBe(true);
    expect(matchPath('**.draft', 'apps.chat.chats[c_1].draft')).toBe(true);
    expect(matchPath('**.draft', 'apps.chat.chats[c_1].draft.text')).toBe(false);
    expect(matchPath('apps.**.read', 'apps.chat.chats[c_1].messages[m_2].read')).toBe(true);
    expect(matchPath('**', 'anything.at[all]')).toBe(true);
    expect(matchPath('**', '')).toBe(true);
  });

  it('backtracks across several ** segments', () => {
    expect(matchPath('**.a.**.b', 'x.a.y.a.z.b')).toBe(true);
    expect(matchPath('**.a.**.b', 'x.a.y.b.c')).toBe(false);
    expect(matchPath('a.**.b.**.c', 'a.b.c')).toBe(true);
    expect(matchPath('a.**.b.**.c', 'a.c.b')).toBe(false);
  });

  it('globs inside a segment respect the segment kind', () => {
    expect(matchPath('apps.chat.chats[c_*]', 'apps.chat.chats[c_12]')).toBe(true);
    expect(matchPath('apps.chat.chats[c_*]', 'apps.chat.chats[d_12]')).toBe(false);
    expect(matchPath('apps.chat.settings.msg*', 'apps.chat.settings.msgSound')).toBe(true);
    expect(matchPath('apps.chat.settings.msg*', 'apps.chat.settings.msg')).toBe(true);
    expect(matchPath('apps.chat.settings.msg*', 'apps.chat.settings.sound')).toBe(false);
    // A key glob does not match a record id, and a bracket glob does not match a key.
    expect(matchPath('apps.chat.chats.c_*', 'apps.chat.chats[c_1]')).toBe(false);
    expect(matchPath('apps.chat[c*]', 'apps.chat.chats')).toBe(false);
    // A bracket glob matches indices by their digits.
    expect(matchPath('list[1*]', 'list[12]')).toBe(true);
    expect(matchPath('list[1*]', 'list[2]')).toBe(false);
  });

  it('a glob never crosses a segment boundary', () => {
    expect(matchPath('apps.c*', 'apps.chat.x')).toBe(false);
    expect(matchPath('apps.*t', 'apps.chat')).toBe(true);
  });

  it('treats quoted segments literally, so a key or id containing * can be named exactly', () => {
    expect(matchPath('x["*"]', 'x["*"]')).toBe(true);
    expect(matchPath('x["*"]', 'x.a')).toBe(false);
    expect(matchPath('x[id="a*b"]', 'x[id="a*b"]')).toBe(true);
    expect(matchPath('x[id="a*b"]', 'x[ab]')).toBe(false);
    expect(matchPath('apps.x["a.b"].**', 'apps.x["a.b"].c')).toBe(true);
  });

  it('keeps ids, indices and keys apart', () => {
    expect(matchPath('list[3]', 'list[3]')).toBe(true);
    expect(matchPath('list[3]', 'list[id="3"]')).toBe(false);
    expect(matchPath('list[id="3"]', 'list[id="3"]')).toBe(true);
    expect(matchPath('list["3"]', 'list[3]')).toBe(false);
  });

  it('accepts pre-parsed paths and compiled patterns, compiling each pattern once', () => {
    const compiled = compilePattern('apps.chat.chats[*].**');
    expect(compilePattern('apps.chat.chats[*].**')).toBe(compiled);
    expect(compiled.hasGlobstar).toBe(true);
    expect(matchPath(compiled, [key('apps'), key('chat'), key('chats'), id('c_1'), key('muted')])).toBe(true);
  });

  it('rejects a malformed pattern', () => {
    expect(() => compilePattern('apps..x')).toThrow(PathSyntaxError);
    expect(() => compilePattern('apps.x[a b]')).toThrow(PathSyntaxError);
  });
});

describe('patternReachesInto', () => {
  const record = { id: 'm_9', text: 'hi', meta: { tags: [{ id: 't1', v: 1 }] } };
  const at = parsePath('apps.chat.messages[m_9]');

  it('is true when the pattern names an existing location inside the value', () => {
    expect(patternReachesInto('apps.chat.messages[m_9].text', at, record)).toBe(true);
    expect(patternReachesInto('apps.chat.messages[*].text', at, record)).toBe(true);
    expect(patternReachesInto('apps.chat.messages[m_9].meta.tags[t1].v', at, record)).toBe(true);
    expect(patternReachesInto('apps.chat.messages[m_9].text.**', at, record)).toBe(true);
  });

  it('is false for other records, absent fields, broad ** patterns and the path itself', () => {
    expect(patternReachesInto('apps.chat.messages[m_8].text', at, record)).toBe(false);
    expect(patternReachesInto('apps.chat.messages[m_9].missing', at, record)).toBe(false);
    expect(patternReachesInto('**.text', at, record)).toBe(false);
    expect(patternReachesInto('apps.chat.messages[m_9]', at, record)).toBe(false);
    expect(patternReachesInto('apps.chat.messages[m_9].text', at, 'not a container')).toBe(false);
  });
});

describe('recordIds', () => {
  it('lists ids of an id-keyed array and rejects everything else', () => {
    expect(recordIds([{ id: 'a' }, { id: 2 }])).toEqual(['a', '2']);
    expect(recordIds([])).toBeNull();
    expect(recordIds([{ id: 'a' }, { id: 'a' }])).toBeNull();
    expect(recordIds([{ id: 1 }, { id: '1' }])).toBeNull();
    expect(recordIds([{ id: 'a' }, { name: 'b' }])).toBeNull();
    expect(recordIds([{ id: 'a' }, 'b'])).toBeNull();
    expect(recordIds([{ id: null }])).toBeNull();
    expect(recordIds([[{ id: 'a' }]])).toBeNull();
  });
});
