/**
 * The state tree: which rows show for an expansion and a filter, revealing a path and the change
 * highlight (pure logic, keyed by the judge's paths), and the JsonTree component in a DOM: click to
 * expand and collapse, depth buttons, filter, paging, change highlight, reveal.
 */
import { describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import type { JsonValue } from '../../bridge/protocol/state.ts';
import { BIG_ARRAY, DEFAULT_EXPANSION, PAGE_SIZE, filterTree, highlightOf, keyLabel, previewOf, revealTrail, revealed, showMore, toggled, trailPath, visibleRows, withDepth, type TreeRow } from '../../web/studio/jsonTree.ts';
import { diffStates } from '../../bridge/judge/diff.ts';
import JsonTree from '../../web/studio/JsonTree.svelte';
import { useMounted } from './mounted.ts';

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
    // Records of an id-keyed array are named by id, as the judge names them.
    expect(paths(rows)).toEqual(['os', 'os.time', 'os.time.timestamp', 'os.time.timezone', 'apps', 'apps.chat', 'apps.chat.threads', 'apps.chat.threads[t1]', 'apps.chat.threads[t2]', 'apps.chat.photos']);
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
    expect(rows.some((r) => r.path === 'apps.chat.photos[p99].fav')).toBe(true);
    expect(rows.some((r) => r.path === 'apps.chat.photos[p100]')).toBe(false);
  });

  it('reveals a deep id path: opens its ancestors and pages up to it', () => {
    const trail = revealTrail(state, 'apps.chat.photos[p120].fav')!;
    expect(trail.map((s) => s.position)).toEqual(['apps', 'chat', 'photos', 120, 'fav']);
    expect(trailPath(trail)).toBe('apps.chat.photos[p120].fav');
    const rows = visibleRows(state, revealed(withDepth(1), trail));
    expect(rows.find((r) => r.path === 'apps.chat.photos[p120].fav')).toMatchObject({ kind: 'leaf', value: true });
    expect(rows.find((r) => r.path === 'apps.chat.photos[p120]')).toMatchObject({ kind: 'node', expanded: true });
  });

  it('filters by key or value, keeping the way to each match open', () => {
    const f = filterTree(state, '妈妈')!;
    expect([...f.matches]).toEqual(['apps.chat.threads[t1].title']);
    expect(paths(visibleRows(state, DEFAULT_EXPANSION, f))).toEqual(['apps', 'apps.chat', 'apps.chat.threads', 'apps.chat.threads[t1]', 'apps.chat.threads[t1].title']);
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

describe('filterTree by path and by record id', () => {
  it('finds a record by its id and a path however the grammar writes it', () => {
    // The record matches by its id (and its `id` field by its value).
    expect([...filterTree(state, 't2')!.matches]).toEqual(['apps.chat.threads[t2]', 'apps.chat.threads[t2].id']);
    for (const q of ['threads[t2].unread', 'threads[id="t2"].unread', '.unread']) {
      expect([...filterTree(state, q)!.matches].filter((p) => p.startsWith('apps.chat.threads[t2]')), q).toEqual(['apps.chat.threads[t2].unread']);
    }
  });
});

describe('revealTrail', () => {
  it('canonicalises a positional path to the id the tree shows', () => {
    expect(trailPath(revealTrail(state, 'apps.chat.threads[1].title')!)).toBe('apps.chat.threads[t2].title');
  });

  it('stops at the deepest existing node (a removed record reveals its array)', () => {
    expect(trailPath(revealTrail(state, 'apps.chat.threads[t9]')!)).toBe('apps.chat.threads');
    expect(trailPath(revealTrail(state, 'apps.chat.nope.x')!)).toBe('apps.chat');
    expect(revealTrail(state, 'nope')).toBeNull();
  });

  it('reveals the part of a goal pattern before its first wildcard', () => {
    expect(trailPath(revealTrail(state, 'apps.chat.threads[*].unread')!)).toBe('apps.chat.threads');
    expect(trailPath(revealTrail(state, 'apps.chat.**')!)).toBe('apps.chat');
    expect(revealTrail(state, 'apps[')).toBeNull();
  });
});

describe('highlightOf (the judge\'s diff)', () => {
  it('flashes changed and added rows by their id paths and marks the containers holding them', () => {
    const after = JSON.parse(JSON.stringify(state)) as typeof state & { apps: { chat: { threads: { id: string; title: string; unread: number }[] } } };
    after.apps.chat.threads.reverse();
    after.apps.chat.threads[0]!.unread = 5;
    after.apps.chat.threads.push({ id: 't3', title: 'Zoe', unread: 1 });
    const h = highlightOf(diffStates(state, after));
    expect([...h.paths].sort()).toEqual(['apps.chat.threads[t2].unread', 'apps.chat.threads[t3]']);
    expect([...h.within].sort()).toEqual(['', 'apps', 'apps.chat', 'apps.chat.threads', 'apps.chat.threads[t2]']);
  });

  it('flashes the parent of a removed record', () => {
    const h = highlightOf(diffStates({ list: [{ id: 'a' }, { id: 'b' }] }, { list: [{ id: 'a' }] }));
    expect([...h.paths]).toEqual(['list']);
    expect([...h.within]).toEqual(['']);
  });

  it('stops at MAX_HIGHLIGHTS changes', () => {
    const after = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, i]));
    expect(highlightOf(diffStates({}, after), 3).paths.size).toBe(3);
  });
});

describe('keyLabel', () => {
  it('shows keys as they are, indices as numbers and records as [id]', () => {
    expect(keyLabel({ kind: 'key', value: 'my-app' })).toBe('my-app');
    expect(keyLabel({ kind: 'index', value: 3 })).toBe('3');
    expect(keyLabel({ kind: 'id', value: 'c_1' })).toBe('[c_1]');
    expect(keyLabel({ kind: 'id', value: '42' })).toBe('[id="42"]');
    expect(keyLabel(null)).toBe('');
  });
});

describe('JsonTree component', () => {
  const mounted = useMounted();
  let target: HTMLElement;

  function render(props: Record<string, unknown>) {
    target = mounted(JsonTree, { value: state, ...props });
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
    expect(rowPaths()).not.toContain('apps.chat.photos[p99].fav');

    // Scroll to the end: the window moves there.
    Object.defineProperty(tree, 'scrollTop', { configurable: true, value: total * 20 - 400 });
    tree.dispatchEvent(new Event('scroll'));
    flushSync();
    expect(rowPaths()).toContain('apps.chat.photos[p99].fav');
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
    expect(rowPaths().filter((p) => p?.endsWith('unread'))).toEqual(['apps.chat.threads[t1].unread', 'apps.chat.threads[t2].unread']);
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

  it('reveals an id path from a verdict: expands the record, selects the leaf, shows its path', () => {
    render({ reveal: { path: 'apps.chat.threads[id="t2"].unread', token: 1 } });
    const leaf = row('apps.chat.threads[t2].unread');
    expect(leaf).not.toBeNull();
    expect(leaf.getAttribute('aria-selected')).toBe('true');
    expect(leaf.querySelector('.val')!.textContent).toBe('0');
    expect(row('apps.chat.threads[t2]').getAttribute('aria-expanded')).toBe('true');
    expect(row('apps.chat.threads[t2]').querySelector('.key')!.textContent).toBe('[t2]');
    expect(row('apps.chat.threads[t1]').getAttribute('aria-expanded')).toBe('false');
    expect(target.querySelector('.footer .path')!.textContent).toBe('apps.chat.threads[t2].unread');
  });

  it('says so when there is no state', () => {
    render({ value: null, emptyText: 'No episode yet.' });
    expect(target.textContent).toContain('No episode yet.');
  });
});
