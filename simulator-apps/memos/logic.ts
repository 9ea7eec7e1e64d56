/**
 * 备忘录's rules, pure: a memo's title and preview, what a folder holds, search, the list's order,
 * and every change (text, checklists, pin, lock, folders, 最近删除). The model (./model.ts) runs
 * the mutators inside `phone.update`; tasks and tests call them on JSON drafts.
 */
import { formatListTime } from '../shared/time.ts';
import { nextId } from '../shared/ids.ts';
import type { Block, CheckBlock, Folder, Memo, MemoLayout, MemoSort, MemosState } from './types.ts';

export const MEMOS_APP_ID = 'memos';
export const UNTITLED = '新备忘录';
export const FOLDER_NAME_MAX = 12;
/** A block's text is kept to this many characters (content from an agent is bounded). */
export const BLOCK_TEXT_MAX = 2000;
export const BLOCKS_MAX = 200;

/** Where the list looks: every memo, 未分类, or one folder. */
export type FolderScope = 'all' | 'none' | string;

// ---------------------------------------------------------------------------------------------
// Reading

export function findMemo(s: Pick<MemosState, 'memos'>, id: string): Memo | undefined {
  return s.memos.find((m) => m.id === id);
}

export function findFolder(s: Pick<MemosState, 'folders'>, id: string | null): Folder | undefined {
  return id === null ? undefined : s.folders.find((f) => f.id === id);
}

const isWritten = (b: Block): b is Exclude<Block, { kind: 'sketch' }> => b.kind !== 'sketch';

/** The memo's first line: the first line of its first written block, or 新备忘录. */
export function memoTitle(m: Pick<Memo, 'blocks'>): string {
  for (const b of m.blocks) if (isWritten(b) && b.text.trim() !== '') return b.text.trim().split('\n')[0]!.trim();
  return UNTITLED;
}

/** Every line of the memo's text after the title, in order (checklist items included). */
export function bodyLines(m: Pick<Memo, 'blocks'>): string[] {
  const lines: string[] = [];
  for (const b of m.blocks) if (isWritten(b)) lines.push(...b.text.split('\n').map((l) => l.trim()).filter((l) => l !== ''));
  return lines.slice(1);
}

export function checkItems(m: Pick<Memo, 'blocks'>): CheckBlock[] {
  return m.blocks.filter((b): b is CheckBlock => b.kind === 'check');
}

/** `3/5 项已完成` for a memo with a checklist, else the first body line. */
export function memoPreview(m: Memo): string {
  if (m.locked) return '已加锁';
  const checks = checkItems(m);
  if (checks.length > 0) return `${checks.filter((c) => c.done).length}/${checks.length} 项已完成`;
  return bodyLines(m)[0] ?? '无附加文字';
}

/** The sketch of a memo (its first), for a cover thumbnail. */
export function memoSketch(m: Pick<Memo, 'blocks'>): number | null {
  const b = m.blocks.find((x) => x.kind === 'sketch');
  return b && b.kind === 'sketch' ? b.seed : null;
}

export function folderName(s: Pick<MemosState, 'folders'>, folderId: string | null): string {
  return findFolder(s, folderId)?.name ?? '未分类';
}

/** The memos not in 最近删除 that a scope holds. */
export function memosIn(s: Pick<MemosState, 'memos'>, scope: FolderScope): Memo[] {
  return s.memos.filter((m) => m.deletedAt === null && (scope === 'all' || (scope === 'none' ? m.folderId === null : m.folderId === scope)));
}

export function trashed(s: Pick<MemosState, 'memos'>): Memo[] {
  return s.memos.filter((m) => m.deletedAt !== null).sort((a, b) => b.deletedAt! - a.deletedAt! || a.id.localeCompare(b.id));
}

/** Pinned first, then by the chosen sort (newest first for times; 标题 in pinyin-less code-point order), ties by id. */
export function sortMemos(memos: readonly Memo[], sort: MemoSort): Memo[] {
  const key = (a: Memo, b: Memo): number =>
    sort === 'title' ? memoTitle(a).localeCompare(memoTitle(b), 'zh-Hans-CN') : sort === 'created' ? b.createdAt - a.createdAt : b.editedAt - a.editedAt;
  return [...memos].sort((a, b) => Number(b.pinned) - Number(a.pinned) || key(a, b) || a.id.localeCompare(b.id));
}

/** Memos (not deleted) whose title or text holds `query` (a locked memo: its title only), in list order. */
export function searchMemos(s: Pick<MemosState, 'memos' | 'sort'>, query: string): Memo[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  const hit = (m: Memo): boolean => (m.locked ? memoTitle(m) : [memoTitle(m), ...bodyLines(m)].join('\n')).toLowerCase().includes(q);
  return sortMemos(memosIn(s, 'all').filter(hit), s.sort);
}

/** The list's date column: `09:30` today, `昨天`, a weekday this week, `3/2`, `2025/12/28`. */
export function memoDate(m: Memo, now: number, timezone?: string): string {
  return formatListTime(m.editedAt, now, timezone);
}

/** The memo as plain text (what 分享 sends): the title, then each line, checklist items as `· 牛奶` (open) and `✓ 鸡蛋` (done). */
export function memoText(m: Memo): string {
  const out: string[] = [];
  for (const b of m.blocks) {
    if (b.kind === 'check') out.push(`${b.done ? '✓' : '·'} ${b.text}`);
    else if (b.kind !== 'sketch' && b.text.trim() !== '') out.push(b.text.trim());
  }
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Changes (in place; the model calls them inside phone.update)

export class MemoRuleError extends Error {}

function memoOrThrow(s: MemosState, id: string): Memo {
  const m = findMemo(s, id);
  if (!m) throw new MemoRuleError(`no memo "${id}"`);
  return m;
}

function blockOrThrow(m: Memo, blockId: string): Block {
  const b = m.blocks.find((x) => x.id === blockId);
  if (!b) throw new MemoRuleError(`memo "${m.id}" has no block "${blockId}"`);
  return b;
}

export function nextBlockId(m: Pick<Memo, 'blocks'>): string {
  return nextId(m.blocks.map((b) => b.id), 'bk_', 2);
}

const bound = (text: string): string => text.slice(0, BLOCK_TEXT_MAX);

/** A new memo with one empty paragraph, in `folderId` (null: 未分类). */
export function createMemo(s: MemosState, folderId: string | null, now: number): Memo {
  const m: Memo = {
    id: nextId(s.memos.map((x) => x.id), 'mm_', 3),
    folderId: findFolder(s, folderId) ? folderId : null,
    blocks: [{ id: 'bk_01', kind: 'text', text: '' }],
    pinned: false,
    locked: false,
    createdAt: now,
    editedAt: now,
    deletedAt: null,
  };
  s.memos.push(m);
  return m;
}

export function setBlockText(s: MemosState, memoId: string, blockId: string, text: string, now: number): void {
  const m = memoOrThrow(s, memoId);
  const b = blockOrThrow(m, blockId);
  if (b.kind === 'sketch') throw new MemoRuleError('a sketch has no text');
  const t = bound(b.kind === 'check' ? text.replace(/\n/g, ' ') : text);
  if (b.text === t) return;
  b.text = t;
  m.editedAt = now;
}

export function setChecked(s: MemosState, memoId: string, blockId: string, done: boolean, now: number): void {
  const m = memoOrThrow(s, memoId);
  const b = blockOrThrow(m, blockId);
  if (b.kind !== 'check') throw new MemoRuleError(`block "${blockId}" is not a checklist item`);
  if (b.done === done) return;
  b.done = done;
  m.editedAt = now;
}

/** A new empty block after `afterId` (at the end when null); returns its id. */
export function addBlock(s: MemosState, memoId: string, kind: 'heading' | 'text' | 'check', afterId: string | null, now: number): string {
  const m = memoOrThrow(s, memoId);
  if (m.blocks.length >= BLOCKS_MAX) throw new MemoRuleError(`a memo holds at most ${BLOCKS_MAX} blocks`);
  const id = nextBlockId(m);
  const block: Block = kind === 'check' ? { id, kind, text: '', done: false } : { id, kind, text: '' };
  const at = afterId === null ? -1 : m.blocks.findIndex((b) => b.id === afterId);
  if (at < 0) m.blocks.push(block);
  else m.blocks.splice(at + 1, 0, block);
  m.editedAt = now;
  return id;
}

/** Removes a block; the last one left becomes an empty paragraph instead (a memo is never blockless). */
export function removeBlock(s: MemosState, memoId: string, blockId: string, now: number): void {
  const m = memoOrThrow(s, memoId);
  blockOrThrow(m, blockId);
  m.blocks = m.blocks.filter((b) => b.id !== blockId);
  if (m.blocks.length === 0) m.blocks.push({ id: nextBlockId({ blocks: [{ id: blockId, kind: 'text', text: '' }] }), kind: 'text', text: '' });
  m.editedAt = now;
}

/** 标题 / 正文 / 待办: a written block changes kind (a checklist item keeps its text, starts undone). */
export function setBlockKind(s: MemosState, memoId: string, blockId: string, kind: 'heading' | 'text' | 'check', now: number): void {
  const m = memoOrThrow(s, memoId);
  const i = m.blocks.findIndex((b) => b.id === blockId);
  const b = m.blocks[i];
  if (!b || b.kind === 'sketch') throw new MemoRuleError(`block "${blockId}" cannot change kind`);
  if (b.kind === kind) return;
  m.blocks[i] = kind === 'check' ? { id: b.id, kind, text: b.text.replace(/\n/g, ' '), done: false } : { id: b.id, kind, text: b.text };
  m.editedAt = now;
}

/**
 * 勾选项移到底部: within each run of consecutive checklist items, the done ones after the open ones
 * (each keeping its order). The new order of the blocks, or null when they are in order already.
 */
export function checkedDownOrder(blocks: readonly Block[]): Block[] | null {
  const out: Block[] = [];
  let run: CheckBlock[] = [];
  const flush = (): void => {
    out.push(...run.filter((c) => !c.done), ...run.filter((c) => c.done));
    run = [];
  };
  for (const b of blocks) {
    if (b.kind === 'check') run.push(b);
    else {
      flush();
      out.push(b);
    }
  }
  flush();
  return out.every((b, i) => b === blocks[i]) ? null : out;
}

/** 勾选项移到底部 on a memo (nothing moves, and the edit time stays, when it is in order). */
export function moveCheckedDown(s: MemosState, memoId: string, now: number): boolean {
  const m = memoOrThrow(s, memoId);
  const order = checkedDownOrder(m.blocks);
  if (!order) return false;
  m.blocks = order;
  m.editedAt = now;
  return true;
}

/** Drops empty paragraphs and items after the first block (what leaving the editor tidies); a memo left with nothing written is removed. Returns 'removed' then. */
export function tidyMemo(s: MemosState, memoId: string): 'removed' | 'kept' {
  const m = memoOrThrow(s, memoId);
  const empty = (b: Block): boolean => b.kind !== 'sketch' && b.text.trim() === '';
  if (m.blocks.every(empty)) {
    s.memos = s.memos.filter((x) => x.id !== memoId);
    return 'removed';
  }
  const kept = m.blocks.filter((b, i) => i === 0 || !empty(b));
  if (kept.length !== m.blocks.length) m.blocks = kept;
  return 'kept';
}

export function setPinned(s: MemosState, memoId: string, pinned: boolean): void {
  memoOrThrow(s, memoId).pinned = pinned;
}

export function setLocked(s: MemosState, memoId: string, locked: boolean): void {
  memoOrThrow(s, memoId).locked = locked;
}

export function moveToFolder(s: MemosState, memoId: string, folderId: string | null): void {
  if (folderId !== null && !findFolder(s, folderId)) throw new MemoRuleError(`no folder "${folderId}"`);
  memoOrThrow(s, memoId).folderId = folderId;
}

/** To 最近删除 (a pinned memo stops being pinned). */
export function deleteMemo(s: MemosState, memoId: string, now: number): void {
  const m = memoOrThrow(s, memoId);
  if (m.deletedAt !== null) return;
  m.deletedAt = now;
  m.pinned = false;
}

/** Back from 最近删除 to its folder (未分类 when that folder is gone). */
export function restoreMemo(s: MemosState, memoId: string): void {
  const m = memoOrThrow(s, memoId);
  if (m.deletedAt === null) throw new MemoRuleError(`memo "${memoId}" is not in 最近删除`);
  m.deletedAt = null;
  if (m.folderId !== null && !findFolder(s, m.folderId)) m.folderId = null;
}

/** Gone for good (only from 最近删除). */
export function purgeMemo(s: MemosState, memoId: string): void {
  const m = memoOrThrow(s, memoId);
  if (m.deletedAt === null) throw new MemoRuleError(`memo "${memoId}" is not in 最近删除`);
  s.memos = s.memos.filter((x) => x.id !== memoId);
}

/** Why a folder name cannot be used, or null. */
export function folderNameProblem(s: Pick<MemosState, 'folders'>, name: string, exceptId: string | null = null): string | null {
  const n = name.trim();
  if (n === '') return '请输入文件夹名称';
  if ([...n].length > FOLDER_NAME_MAX) return `文件夹名称最多 ${FOLDER_NAME_MAX} 个字`;
  if (['全部备忘录', '未分类', '最近删除'].includes(n) || s.folders.some((f) => f.name === n && f.id !== exceptId)) return '已有同名文件夹';
  return null;
}

export function addFolder(s: MemosState, name: string): Folder {
  const problem = folderNameProblem(s, name);
  if (problem) throw new MemoRuleError(problem);
  const f: Folder = { id: nextId(s.folders.map((x) => x.id), 'fd_', 2), name: name.trim() };
  s.folders.push(f);
  return f;
}

export function renameFolder(s: MemosState, folderId: string, name: string): void {
  const problem = folderNameProblem(s, name, folderId);
  if (problem) throw new MemoRuleError(problem);
  const f = findFolder(s, folderId);
  if (!f) throw new MemoRuleError(`no folder "${folderId}"`);
  f.name = name.trim();
}

/** Deletes a folder; its memos (deleted ones too) move to 未分类. */
export function deleteFolder(s: MemosState, folderId: string): void {
  if (!findFolder(s, folderId)) throw new MemoRuleError(`no folder "${folderId}"`);
  s.folders = s.folders.filter((f) => f.id !== folderId);
  for (const m of s.memos) if (m.folderId === folderId) m.folderId = null;
}

export function setLayout(s: MemosState, layout: MemoLayout): void {
  s.layout = layout;
}

export function setSort(s: MemosState, sort: MemoSort): void {
  s.sort = sort;
}

// ---------------------------------------------------------------------------------------------
// Validation

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTime = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);

function blockProblem(b: unknown, where: string): string | null {
  if (!isObj(b) || typeof b.id !== 'string') return `${where}: a block needs a string id`;
  if (b.kind === 'sketch') return Number.isInteger(b.seed) ? null : `${where}.seed: a sketch needs an integer seed`;
  if (b.kind !== 'heading' && b.kind !== 'text' && b.kind !== 'check') return `${where}.kind: must be heading, text, check or sketch`;
  if (typeof b.text !== 'string' || b.text.length > BLOCK_TEXT_MAX) return `${where}.text: must be a string of at most ${BLOCK_TEXT_MAX} characters`;
  if (b.kind === 'check' && typeof b.done !== 'boolean') return `${where}.done: must be true or false`;
  return null;
}

/** Why a slice cannot be shown (naming the field), or null. */
export function validateMemosState(v: unknown): string | null {
  if (!isObj(v)) return 'apps.memos: must be an object';
  if (!Array.isArray(v.folders)) return 'apps.memos.folders: must be an array';
  const folderIds = new Set<string>();
  for (const [i, f] of v.folders.entries()) {
    if (!isObj(f) || typeof f.id !== 'string' || typeof f.name !== 'string') return `apps.memos.folders[${i}]: needs a string id and name`;
    folderIds.add(f.id);
  }
  if (!Array.isArray(v.memos)) return 'apps.memos.memos: must be an array';
  const ids = new Set<string>();
  for (const [i, m] of v.memos.entries()) {
    const at = `apps.memos.memos[${i}]`;
    if (!isObj(m) || typeof m.id !== 'string' || ids.has(m.id)) return `${at}.id: must be a unique string`;
    ids.add(m.id);
    if (m.folderId !== null && !folderIds.has(m.folderId as string)) return `${at}.folderId: names no folder`;
    if (!Array.isArray(m.blocks) || m.blocks.length === 0 || m.blocks.length > BLOCKS_MAX) return `${at}.blocks: must hold 1-${BLOCKS_MAX} blocks`;
    const blockIds = new Set<string>();
    for (const [j, b] of m.blocks.entries()) {
      const problem = blockProblem(b, `${at}.blocks[${j}]`);
      if (problem) return problem;
      if (blockIds.has((b as { id: string }).id)) return `${at}.blocks[${j}].id: repeats another block's id`;
      blockIds.add((b as { id: string }).id);
    }
    if (typeof m.pinned !== 'boolean' || typeof m.locked !== 'boolean') return `${at}: pinned and locked must be true or false`;
    if (!isTime(m.createdAt) || !isTime(m.editedAt)) return `${at}: createdAt and editedAt must be timestamps`;
    if (m.deletedAt !== null && !isTime(m.deletedAt)) return `${at}.deletedAt: must be a timestamp or null`;
  }
  if (v.layout !== 'list' && v.layout !== 'grid') return 'apps.memos.layout: must be list or grid';
  if (v.sort !== 'edited' && v.sort !== 'created' && v.sort !== 'title') return 'apps.memos.sort: must be edited, created or title';
  if (typeof v.password !== 'string' || !/^\d{4,6}$/.test(v.password)) return 'apps.memos.password: must be 4-6 digits';
  if (typeof v.hint !== 'string') return 'apps.memos.hint: must be a string';
  return null;
}
