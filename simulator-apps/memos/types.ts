/**
 * 备忘录's slice of the phone state: `state.apps.memos`. Plain JSON only. A memo is a list of
 * blocks (headings, paragraphs, checklist items, sketches); its title is its first line.
 * Documented field by field in ./README.md.
 */

export type BlockKind = 'heading' | 'text' | 'check' | 'sketch';

/** A heading or a paragraph: one or more lines of text. */
export interface TextBlock {
  /** `bk_01` …, unique within its memo; a new block takes max+1. */
  id: string;
  kind: 'heading' | 'text';
  text: string;
}

/** One checklist item (待办). */
export interface CheckBlock {
  id: string;
  kind: 'check';
  text: string;
  done: boolean;
}

/** A hand-drawn sketch: the picture is drawn from `seed` (./sketch.ts), the same every time. */
export interface SketchBlock {
  id: string;
  kind: 'sketch';
  seed: number;
}

export type Block = TextBlock | CheckBlock | SketchBlock;

export interface Memo {
  /** `mm_001` …; a new memo takes max+1. */
  id: string;
  /** A user folder's id, or null for 未分类. */
  folderId: string | null;
  /** In order; the first text of them is the title. Never empty. */
  blocks: Block[];
  /** Pinned memos list first. */
  pinned: boolean;
  /** Locked: the body shows only after the password (`MemosState.password`) is typed. */
  locked: boolean;
  /** Virtual ms. */
  createdAt: number;
  /** When its content last changed (virtual ms); pinning, locking and moving keep it. */
  editedAt: number;
  /** In 最近删除 since then (virtual ms), or null. */
  deletedAt: number | null;
}

export interface Folder {
  /** `fd_01` …; a new folder takes max+1. */
  id: string;
  /** Unique, 1-12 characters. */
  name: string;
}

export type MemoLayout = 'list' | 'grid';
export type MemoSort = 'edited' | 'created' | 'title';

export interface MemosState {
  /** Ordered by id, 最近删除 included. */
  memos: Memo[];
  /** User folders, in the order they were made. */
  folders: Folder[];
  /** 列表 or 网格 view. */
  layout: MemoLayout;
  /** The list's order after the pinned memos: 编辑时间, 创建时间 (newest first) or 标题. */
  sort: MemoSort;
  /** The one password every locked memo opens with (4-6 digits). */
  password: string;
  /** What the lock screen says to jog the memory. */
  hint: string;
}
