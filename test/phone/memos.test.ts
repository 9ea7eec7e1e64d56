import { describe, expect, it } from 'vitest';
import { createInitialState } from '../../simulator-apps/seed.ts';
import {
  addBlock,
  addFolder,
  checkedDownOrder,
  createMemo,
  deleteFolder,
  deleteMemo,
  folderNameProblem,
  memoPreview,
  memosIn,
  memoText,
  memoTitle,
  moveCheckedDown,
  purgeMemo,
  removeBlock,
  restoreMemo,
  searchMemos,
  setBlockKind,
  setBlockText,
  setChecked,
  sortMemos,
  tidyMemo,
  trashed,
  validateMemosState,
} from '../../simulator-apps/memos/logic.ts';
import { drawSketch } from '../../simulator-apps/memos/sketch.ts';
import type { Memo, MemosState } from '../../simulator-apps/memos/types.ts';

const memosOf = (seed: number): MemosState => createInitialState(seed).apps.memos as unknown as MemosState;
const NOW = Date.UTC(2026, 2, 14, 2, 0);
const memo = (id: string, blocks: Memo['blocks'], more: Partial<Memo> = {}): Memo => ({ id, folderId: null, blocks, pinned: false, locked: false, createdAt: 0, editedAt: 0, deletedAt: null, ...more });
const check = (id: string, text: string, done: boolean) => ({ id, kind: 'check' as const, text, done });
const state = (memos: Memo[]): MemosState => ({ memos, folders: [{ id: 'fd_01', name: '工作' }], layout: 'list', sort: 'edited', password: '2580', hint: '' });

describe('memos seed', () => {
  it('is deterministic, valid and under 50 KB at seeds 1-20, with unique titles and every kind of memo', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const s = memosOf(seed);
      expect(JSON.stringify(memosOf(seed))).toBe(JSON.stringify(s));
      expect(validateMemosState(s)).toBeNull();
      expect(JSON.stringify(s).length).toBeLessThan(50_000);
      const titles = s.memos.map(memoTitle);
      expect(new Set(titles).size).toBe(titles.length);
      expect(s.memos.some((m) => m.locked)).toBe(true);
      expect(s.memos.some((m) => m.pinned)).toBe(true);
      expect(trashed(s)).toHaveLength(2);
      expect(s.memos.filter((m) => m.blocks.some((b) => b.kind === 'sketch'))).toHaveLength(2);
      for (const m of s.memos.filter((x) => x.blocks.some((b) => b.kind === 'check') && !x.blocks.some((b) => b.kind === 'heading' && b.text === '会后待办'))) {
        const items = m.blocks.filter((b) => b.kind === 'check');
        expect(items.filter((c) => !c.done).length).toBeGreaterThanOrEqual(2);
        expect(items.some((c) => c.done)).toBe(true);
      }
    }
    expect(JSON.stringify(memosOf(1))).not.toBe(JSON.stringify(memosOf(2)));
  });
});

describe('memos rules', () => {
  it('takes the title from the first written line and previews checklists by what is done', () => {
    const m = memo('mm_001', [{ id: 'bk_01', kind: 'sketch', seed: 3 }, { id: 'bk_02', kind: 'heading', text: '  买菜\n第二行' }, check('bk_03', '鸡蛋', true), check('bk_04', '牛奶', false)]);
    expect(memoTitle(m)).toBe('买菜');
    expect(memoPreview(m)).toBe('1/2 项已完成');
    expect(memoPreview({ ...m, locked: true })).toBe('已加锁');
    expect(memoText(m)).toBe('买菜\n第二行\n✓ 鸡蛋\n· 牛奶');
    expect(memoTitle(memo('mm_002', [{ id: 'bk_01', kind: 'text', text: ' ' }]))).toBe('新备忘录');
  });

  it('lists pinned first, then by the chosen order, and leaves 最近删除 out of every folder', () => {
    const s = state([
      memo('mm_001', [{ id: 'bk_01', kind: 'text', text: '乙' }], { editedAt: 5, createdAt: 1 }),
      memo('mm_002', [{ id: 'bk_01', kind: 'text', text: '甲' }], { editedAt: 1, createdAt: 9, folderId: 'fd_01' }),
      memo('mm_003', [{ id: 'bk_01', kind: 'text', text: '丙' }], { editedAt: 2, pinned: true }),
      memo('mm_004', [{ id: 'bk_01', kind: 'text', text: '丁' }], { deletedAt: 3 }),
    ]);
    expect(sortMemos(memosIn(s, 'all'), 'edited').map((m) => m.id)).toEqual(['mm_003', 'mm_001', 'mm_002']);
    expect(sortMemos(memosIn(s, 'all'), 'created').map((m) => m.id)).toEqual(['mm_003', 'mm_002', 'mm_001']);
    expect(memosIn(s, 'none').map((m) => m.id)).toEqual(['mm_001', 'mm_003']);
    expect(memosIn(s, 'fd_01').map((m) => m.id)).toEqual(['mm_002']);
  });

  it('searches titles and text, but a locked memo only by its title', () => {
    const s = state([
      memo('mm_001', [{ id: 'bk_01', kind: 'heading', text: '日记' }, { id: 'bk_02', kind: 'text', text: '江边散步' }], { locked: true }),
      memo('mm_002', [{ id: 'bk_01', kind: 'heading', text: '计划' }, { id: 'bk_02', kind: 'text', text: '周末去江边' }]),
    ]);
    expect(searchMemos(s, '江边').map((m) => m.id)).toEqual(['mm_002']);
    expect(searchMemos(s, '日记').map((m) => m.id)).toEqual(['mm_001']);
    expect(searchMemos(s, '  ')).toEqual([]);
  });

  it('edits blocks: text, ticks, new lines after the cursor, kinds, removal; each stamps the edit time', () => {
    const s = state([memo('mm_001', [{ id: 'bk_01', kind: 'heading', text: '清单' }, check('bk_02', '鸡蛋', false)])]);
    const m = s.memos[0]!;
    setChecked(s, 'mm_001', 'bk_02', true, 10);
    expect(m.blocks[1]).toMatchObject({ done: true });
    expect(m.editedAt).toBe(10);
    expect(addBlock(s, 'mm_001', 'check', 'bk_01', 11)).toBe('bk_03');
    expect(m.blocks.map((b) => b.id)).toEqual(['bk_01', 'bk_03', 'bk_02']);
    setBlockText(s, 'mm_001', 'bk_03', '牛\n奶', 12);
    expect(m.blocks[1]).toMatchObject({ text: '牛 奶', done: false });
    setBlockKind(s, 'mm_001', 'bk_03', 'text', 13);
    expect(m.blocks[1]).toEqual({ id: 'bk_03', kind: 'text', text: '牛 奶' });
    removeBlock(s, 'mm_001', 'bk_03', 14);
    removeBlock(s, 'mm_001', 'bk_02', 14);
    removeBlock(s, 'mm_001', 'bk_01', 14);
    expect(m.blocks).toHaveLength(1);
    expect(() => setChecked(s, 'mm_001', 'bk_09', true, 1)).toThrow(/no block/);
  });

  it('moves ticked items below the open ones within each run, and leaves a list in order untouched', () => {
    const blocks = [check('a', '1', true), check('b', '2', false), { id: 'h', kind: 'heading' as const, text: '另一组' }, check('c', '3', true), check('d', '4', false), check('e', '5', true)];
    expect(checkedDownOrder(blocks)!.map((b) => b.id)).toEqual(['b', 'a', 'h', 'd', 'c', 'e']);
    const s = state([memo('mm_001', blocks)]);
    expect(moveCheckedDown(s, 'mm_001', 7)).toBe(true);
    expect(s.memos[0]!.editedAt).toBe(7);
    expect(moveCheckedDown(s, 'mm_001', 8)).toBe(false);
    expect(s.memos[0]!.editedAt).toBe(7);
  });

  it('tidies a memo on leaving: empty lines go, a memo with nothing written is removed', () => {
    const s = state([]);
    const m = createMemo(s, 'fd_09', NOW);
    expect(m).toMatchObject({ id: 'mm_001', folderId: null });
    expect(tidyMemo(s, 'mm_001')).toBe('removed');
    expect(s.memos).toHaveLength(0);
    const n = createMemo(s, 'fd_01', NOW);
    setBlockText(s, n.id, 'bk_01', '标题', NOW);
    addBlock(s, n.id, 'check', null, NOW);
    expect(tidyMemo(s, n.id)).toBe('kept');
    expect(s.memos[0]!.blocks).toHaveLength(1);
  });

  it('deletes to 最近删除 (unpinned), restores to the folder or 未分类, purges only from there', () => {
    const s = state([memo('mm_001', [{ id: 'bk_01', kind: 'text', text: 'x' }], { pinned: true, folderId: 'fd_01' })]);
    expect(() => purgeMemo(s, 'mm_001')).toThrow(/not in 最近删除/);
    deleteMemo(s, 'mm_001', 5);
    expect(s.memos[0]).toMatchObject({ deletedAt: 5, pinned: false });
    deleteFolder(s, 'fd_01');
    restoreMemo(s, 'mm_001');
    expect(s.memos[0]).toMatchObject({ deletedAt: null, folderId: null });
    deleteMemo(s, 'mm_001', 6);
    purgeMemo(s, 'mm_001');
    expect(s.memos).toHaveLength(0);
  });

  it('names folders uniquely and refuses the reserved names', () => {
    const s = state([]);
    expect(folderNameProblem(s, ' ')).toBe('请输入文件夹名称');
    expect(folderNameProblem(s, '工作')).toBe('已有同名文件夹');
    expect(folderNameProblem(s, '最近删除')).toBe('已有同名文件夹');
    expect(folderNameProblem(s, '一二三四五六七八九十一二三')).toMatch(/最多 12/);
    expect(addFolder(s, ' 读书 ')).toEqual({ id: 'fd_02', name: '读书' });
  });

  it('refuses a slice that cannot be shown, naming the field', () => {
    const s = memosOf(1);
    expect(validateMemosState({ ...s, layout: 'tiles' })).toMatch(/layout/);
    expect(validateMemosState({ ...s, password: '12' })).toMatch(/password/);
    const broken = JSON.parse(JSON.stringify(s)) as MemosState;
    broken.memos[0]!.folderId = 'fd_99';
    expect(validateMemosState(broken)).toMatch(/memos\[0\]\.folderId/);
    broken.memos[0]!.folderId = null;
    broken.memos[0]!.blocks = [];
    expect(validateMemosState(broken)).toMatch(/blocks/);
  });

  it('draws the same sketch for a seed, a different one for each other seed, over every scene', () => {
    expect(JSON.stringify(drawSketch(42))).toBe(JSON.stringify(drawSketch(42)));
    const sketches = Array.from({ length: 30 }, (_, i) => drawSketch(i + 1));
    expect(new Set(sketches.map((d) => JSON.stringify(d))).size).toBe(30);
    expect(new Set(sketches.map((d) => d.scene)).size).toBe(6);
  });
});
