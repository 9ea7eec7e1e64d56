/**
 * What a viewer needs of the path grammar: a child's path, a container's children named as the diff
 * names them, and resolving a path to its value and positional trail (the studio's state tree).
 */
import { describe, expect, it } from 'vitest';
import { diffStates } from '../../bridge/judge/diff.ts';
import { PathSyntaxError, childPath, forEachChild, formatPath, resolvePath, type PathSegment } from '../../bridge/judge/paths.ts';

const key = (value: string): PathSegment => ({ kind: 'key', value });
const id = (value: string): PathSegment => ({ kind: 'id', value });
const index = (value: number): PathSegment => ({ kind: 'index', value });

describe('childPath', () => {
  it('appends one segment exactly as formatPath writes the whole path', () => {
    const segs = [key('apps'), key('my-app'), key('a.b'), id('c_1'), id('42'), index(3), key('备忘录')];
    let p = '';
    for (const seg of segs) p = childPath(p, seg);
    expect(p).toBe(formatPath(segs));
    expect(p).toBe('apps.my-app["a.b"][c_1][id="42"][3].备忘录');
    expect(childPath('', index(0))).toBe('[0]');
    expect(childPath('', key('1st'))).toBe('["1st"]');
  });
});

describe('forEachChild', () => {
  const names = (node: unknown) => {
    const out: [string, string | number][] = [];
    forEachChild(node, (seg, _v, position) => void out.push([formatPath([seg]), position]));
    return out;
  };

  it('names children as the diff does: keys, record ids, else indices, with their positions', () => {
    expect(names({ a: 1, 'b c': 2, skip: undefined })).toEqual([['a', 'a'], ['["b c"]', 'b c']]);
    expect(names([{ id: 'x' }, { id: 7 }])).toEqual([['[x]', 0], ['[id="7"]', 1]]);
    expect(names([{ id: 'x' }, { id: 'x' }])).toEqual([['[0]', 0], ['[1]', 1]]);
    expect(names(['a', 'b'])).toEqual([['[0]', 0], ['[1]', 1]]);
    expect(names(5)).toEqual([]);
  });

  it('stops when the visitor returns true', () => {
    let seen = 0;
    expect(forEachChild([1, 2, 3], () => ++seen === 2)).toBe(true);
    expect(seen).toBe(2);
  });
});

describe('resolvePath', () => {
  const state = {
    apps: {
      chat: {
        chats: [
          { id: 'c_1', pinned: false, messages: [{ id: 'm_1', text: 'hi' }] },
          { id: 'c_2', pinned: true, messages: [] },
        ],
        tags: ['a', 'b'],
        dup: [{ id: 'd' }, { id: 'd', x: 1 }],
      },
    },
  };
  const steps = (path: string) => resolvePath(state, path).trail.map((s) => [formatPath([s.segment]), s.position]);

  it('finds a record by id and gives the value and the positional trail', () => {
    const r = resolvePath(state, 'apps.chat.chats[id="c_2"].pinned');
    expect(r).toMatchObject({ found: true, value: true });
    expect(steps('apps.chat.chats[id="c_2"].pinned')).toEqual([['apps', 'apps'], ['chat', 'chat'], ['chats', 'chats'], ['[c_2]', 1], ['pinned', 'pinned']]);
    expect(r.trail.at(-2)!.value).toBe(state.apps.chat.chats[1]);
    expect(resolvePath(state, 'apps.chat.chats[c_1].messages[m_1].text').value).toBe('hi');
  });

  it('names a record by its id even when the path gives its position', () => {
    const r = resolvePath(state, 'apps.chat.chats[1].pinned');
    expect(r.found).toBe(true);
    expect(formatPath(r.trail.map((s) => s.segment))).toBe('apps.chat.chats[c_2].pinned');
    // Where ids repeat the array is positional, and an id finds the first such record.
    expect(steps('apps.chat.dup[d]').at(-1)).toEqual(['[0]', 0]);
    expect(steps('apps.chat.tags[1]').at(-1)).toEqual(['[1]', 1]);
  });

  it('stops at the deepest node that exists', () => {
    for (const path of ['apps.chat.chats[c_9].pinned', 'apps.chat.chats[7]', 'apps.chat.chats.c_1', 'apps.chat.tags[1].x']) {
      const r = resolvePath(state, path);
      expect(r.found, path).toBe(false);
      expect(r.value).toBeUndefined();
    }
    expect(steps('apps.chat.chats[c_9].pinned')).toEqual([['apps', 'apps'], ['chat', 'chat'], ['chats', 'chats']]);
    expect(resolvePath(state, '')).toEqual({ found: true, value: state, trail: [] });
    expect(() => resolvePath(state, 'apps.chat.chats[*]')).toThrow(PathSyntaxError);
  });

  it('resolves every path the diff reports to that node, named the same way', () => {
    const after = JSON.parse(JSON.stringify(state)) as typeof state;
    after.apps.chat.chats.reverse();
    after.apps.chat.chats[1].messages.push({ id: 'm_2', text: 'yo' });
    after.apps.chat.chats[0].pinned = false;
    after.apps.chat.tags.push('c');
    after.apps.chat.dup.pop();
    const changes = diffStates(state, after);
    expect(changes.map((c) => `${c.kind} ${c.path}`)).toEqual([
      'added apps.chat.chats[c_1].messages[m_2]',
      'changed apps.chat.chats[c_2].pinned',
      'removed apps.chat.dup[1]',
      'added apps.chat.tags[2]',
    ]);
    for (const change of changes) {
      const where = change.kind === 'removed' ? state : after;
      const r = resolvePath(where, change.path);
      expect(r.found, change.path).toBe(true);
      expect(formatPath(r.trail.map((s) => s.segment))).toBe(change.path);
      expect(r.value).toEqual(change.kind === 'removed' ? change.before : change.after);
    }
  });
});
