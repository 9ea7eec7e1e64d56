/**
 * The state tree: which rows show for an expansion and a filter (pure logic), and the
 * JsonTree component in a DOM: click to expand and collapse, depth buttons, filter, paging,
 * change highlight.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { flushSync, mount, unmount } from 'svelte';
import type { JsonValue } from '../../bridge/protocol/state.ts';
import { BIG_ARRAY, DEFAULT_EXPANSION, PAGE_SIZE, filterTree, previewOf, revealed, showMore, toggled, visibleRows, withDepth, type TreeRow } from '../../web/studio/jsonTree.ts';
import { childPath, resolvePath } from '../../web/studio/jsonPath.ts';
import { diffStates, highlightOf } from '../../web/studio/stateDiff.ts';
import JsonTree from '../../web/studio/JsonTree.svelte';

const state: JsonValue = {
  os: { time: { timestamp: 1, timezone: 'Asia/Shanghai' } },
  apps: {
    chat: {
      threads: [
        { id: 't1', title: '妈妈', unread: 2 },
        { id: 't2', title: 'Bob', unread: 0 },
      ],
      photos: Array.from({ length: 250 }, (_, i) => ({ id: `p${i}`, fav: i % 2 === 0 })),
    },
  },
};

const paths = (rows: TreeRow[]) => rows.map((r) => (r.kind === 'more' ? `more:${r.path}:${r.shown}/${r.total}` : r.path));

describe('visibleRows', () => {
  it('expands to depth 2 by default, with big arrays collapsed', () => {
    // Containers above depth 2 are open: their children show, collapsed.
    expect(paths(visibleRows(state, DEFAULT_EXPANSION))).toEqual(['os', 'os.time', 'os.time.timestamp', 'os.time.timezone', 'apps', 'apps.chat', 'apps.chat.threads', 'apps.chat.photos']);
    const rows = visibleRows(state, withDepth(3));
    expect(paths(rows)).toEqual(['os', 'os.time', 'os.time.timestamp', 'os.time.timezone', 'apps', 'apps.chat', 'apps.chat.threads', 'apps.chat.threads[0]', 'apps.chat.threads[1]', 'apps.chat.photos']);
    const photos = rows.find((r) => r.path === 'apps.chat.photos')!;
    expect(photos).toMatchObject({ kind: 'node', type: 'array', size: 250, expanded: false });
    expect(250).toBeGreaterThan(BIG_ARRAY);
  });

  it('toggles a node open and closed, whatever the depth default says', () => {
    let exp = toggled(DEFAULT_EXPANSION, 'os', 0, (state as { os: JsonValue }).os);
    expect(paths(visibleRows(state, exp))).toEqual(['os', 'apps', 'apps.chat', 'apps.chat.threads', 'apps.chat.photos']);
    exp = toggled(exp, 'os', 0, (state as { os: JsonValue }).os);
    expect(paths(visibleRows(state, exp))).toContain('os.time');
    // A new depth forgets the overrides.
    expect(withDepth(1).overrides.size).toBe(0);
  });

  it('pages long containers and shows more on request', () => {
    const photos = (state as { apps: { chat: { photos: JsonValue } } }).apps.chat.photos;
    let exp = toggled(withDepth(3), 'apps.chat.photos', 2, photos);
    let rows = visibleRows(state, exp);
    expect(rows.filter((r) => r.path.startsWith('apps.chat.photos[')).length).toBe(PAGE_SIZE);
    expect(paths(rows).at(-1)).toBe('more:apps.chat.photos:100/250');
    exp = showMore(exp, 'apps.chat.photos');
    rows = visibleRows(state, exp);
    expect(paths(rows).at(-1)).toBe('more:apps.chat.photos:200/250');
  });

  it('"All" expands everything, big arrays included, still paged', () => {
    const rows = visibleRows(state, withDepth(Infinity));
    expect(rows.some((r) => r.path === 'apps.chat.photos[99].fav')).toBe(true);
    expect(rows.some((r) => r.path === 'apps.chat.photos[100]')).toBe(false);
  });

  it('reveals a deep path: opens its ancestors and pages up to it', () => {
    const segs = resolvePath(state, 'apps.chat.photos.120.fav');
    expect(segs).toEqual(['apps', 'chat', 'photos', 120, 'fav']);
    const rows = visibleRows(state, revealed(withDepth(1), segs));
    expect(rows.some((r) => r.path === 'apps.chat.photos[120].fav')).toBe(true);
  });

  it('filters by key or value, keeping the way to each match open', () => {
    const f = filterTree(state, '妈妈')!;
    expect([...f.matches]).toEqual(['apps.chat.threads[0].title']);
    expect(paths(visibleRows(state, DEFAULT_EXPANSION, f))).toEqual(['apps', 'apps.chat', 'apps.chat.threads', 'apps.chat.threads[0]', 'apps.chat.threads[0].title']);
    // A matching container shows its children.
    const byKey = filterTree(state, 'time')!;
    expect(paths(visibleRows(state, withDepth(0), byKey))).toEqual(['os', 'os.time', 'os.time.timestamp', 'os.time.timezone']);
    expect(filterTree(state, '   ')).toBeNull();
    expect(filterTree(state, 'zzz')!.matches.size).toBe(0);
  });

  it('previews collapsed containers in one line', () => {
    expect(previewOf({ id: 't1', title: '妈妈', tags: [1, 2], meta: {} })).toBe('{ id: "t1", title: "妈妈", tags: [2], meta: {…} }');
    expect(previewOf([1, 2, 3])).toBe('[ 3 items ]');
    expect(previewOf([])).toBe('[]');
  });
});

describe('paths', () => {
  it('quotes keys that are not identifiers', () => {
    expect(childPath(childPath('apps', 'my-app'), 0)).toBe('apps["my-app"][0]');
  });

  it('resolves the ways people and judges write paths', () => {
    for (const p of ['apps.chat.threads[1].title', 'apps.chat.threads.1.title', 'apps/chat/threads/1/title']) {
      expect(resolvePath(state, p)).toEqual(['apps', 'chat', 'threads', 1, 'title']);
    }
    expect(resolvePath(state, 'apps.chat.nope.x')).toEqual(['apps', 'chat']);
  });
});

describe('diffStates', () => {
  it('pairs array records by id: an insertion is one addition', () => {
    const a = { list: [{ id: 'a', v: 1 }, { id: 'b', v: 2 }] };
    const b = { list: [{ id: 'z', v: 0 }, { id: 'a', v: 1 }, { id: 'b', v: 3 }] };
    expect(diffStates(a, b).map((c) => [c.kind, c.path])).toEqual([['added', 'list[0]'], ['changed', 'list[2].v']]);
  });

  it('reports removals at their old index and highlights the parent', () => {
    const changes = diffStates({ list: [{ id: 'a' }, { id: 'b' }] }, { list: [{ id: 'a' }] });
    expect(changes.map((c) => [c.kind, c.path])).toEqual([['removed', 'list[1]']]);
    const h = highlightOf(changes);
    expect([...h.paths]).toEqual(['list']);
    expect([...h.within]).toEqual(['']);
  });

  it('compares arrays without ids by index, and type changes whole', () => {
    expect(diffStates({ a: [1, 2] }, { a: [1, 3, 4] }).map((c) => [c.kind, c.path])).toEqual([['changed', 'a[1]'], ['added', 'a[2]']]);
    expect(diffStates({ a: { x: 1 } }, { a: [1] }).map((c) => [c.kind, c.path])).toEqual([['changed', 'a']]);
    expect(diffStates({ a: null }, { a: null })).toEqual([]);
  });
});

describe('JsonTree component', () => {
  let target: HTMLElement;
  let component: ReturnType<typeof mount> | null = null;

  afterEach(() => {
    if (component) unmount(component);
    component = null;
    target?.remove();
  });

  function render(props: Record<string, unknown>) {
    target = document.createElement('div');
    document.body.appendChild(target);
    component = mount(JsonTree, { target, props: { value: state, ...props } });
    flushSync();
  }

  const rowPaths = () => [...target.querySelectorAll<HTMLElement>('[role="treeitem"]')].map((el) => el.dataset.path);
  const row = (path: string) => target.querySelector<HTMLElement>(`[role="treeitem"][data-path="${path}"]`)!;

  it('renders the default depth and expands and collapses on click', () => {
    render({});
    expect(rowPaths()).toEqual(['os', 'os.time', 'os.time.timestamp', 'os.time.timezone', 'apps', 'apps.chat', 'apps.chat.threads', 'apps.chat.photos']);
    row('apps.chat').click();
    flushSync();
    expect(rowPaths()).toEqual(['os', 'os.time', 'os.time.timestamp', 'os.time.timezone', 'apps', 'apps.chat']);
    expect(row('apps.chat').getAttribute('aria-expanded')).toBe('false');
    row('apps.chat').click();
    flushSync();
    expect(rowPaths()).toContain('apps.chat.threads');
    expect(row('apps.chat.photos').textContent).toContain('[ 250 items ]');
  });

  it('renders only the scrolled window of a big expanded tree, and pages with "Show more"', () => {
    render({});
    target.querySelector<HTMLButtonElement>('button[title="Expand everything"]')!.click();
    flushSync();
    const total = visibleRows(state, withDepth(Infinity)).length;
    const tree = target.querySelector<HTMLElement>('[role="tree"]')!;
    const spacer = tree.firstElementChild as HTMLElement;
    expect(spacer.style.height).toBe(`${total * 20}px`);
    expect(rowPaths().length).toBeLessThan(total);
    expect(rowPaths()).not.toContain('apps.chat.photos[99].fav');

    // Scroll to the end: the window moves there.
    Object.defineProperty(tree, 'scrollTop', { configurable: true, value: total * 20 - 400 });
    tree.dispatchEvent(new Event('scroll'));
    flushSync();
    expect(rowPaths()).toContain('apps.chat.photos[99].fav');
    const more = [...target.querySelectorAll('button')].find((b) => b.textContent?.includes('more (100 of 250)'))!;
    more.click();
    flushSync();
    const paged = visibleRows(state, showMore(withDepth(Infinity), 'apps.chat.photos')).length;
    expect(paged).toBeGreaterThan(total);
    expect(spacer.style.height).toBe(`${paged * 20}px`);
  });

  it('filters as you type and counts the matches', () => {
    render({});
    const input = target.querySelector<HTMLInputElement>('input[type="search"]')!;
    input.value = 'unread';
    input.dispatchEvent(new Event('input'));
    flushSync();
    expect(rowPaths().filter((p) => p?.endsWith('unread'))).toEqual(['apps.chat.threads[0].unread', 'apps.chat.threads[1].unread']);
    expect(target.textContent).toContain('2 matches');
  });

  it('flashes the changed rows and marks collapsed containers holding a change', () => {
    const changes = diffStates(state, { ...(state as object), os: { time: { timestamp: 2, timezone: 'Asia/Shanghai' } } });
    render({ highlight: highlightOf(changes), highlightToken: 1 });
    row('os.time').click();
    flushSync();
    expect(row('os.time').querySelector('.changed-dot')).not.toBeNull();
    row('os.time').click();
    flushSync();
    expect(row('os.time.timestamp').className).toMatch(/flash-b/);
  });

  it('says so when there is no state', () => {
    render({ value: null, emptyText: 'No episode yet.' });
    expect(target.textContent).toContain('No episode yet.');
  });
});
