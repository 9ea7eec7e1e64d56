/**
 * The file manager's slice of the phone state: `state.apps.files`. Plain JSON only. A folder tree
 * under 内部存储 (`d_root`), files in folders, a 回收站 made of files whose `trashedAt` is set,
 * and the user's view choices. Documented field by field in ./README.md.
 */

/** What a file is, from its extension (./logic.ts `kindOf`): the 分类 page's groups. */
export type FileKind = 'doc' | 'image' | 'audio' | 'video' | 'archive' | 'apk';

/** One file inside a zip (压缩包), by name and size. */
export interface ArchiveEntry {
  name: string;
  /** Bytes. */
  size: number;
}

export interface FileEntry {
  /** `f_001` …; a new file takes max+1. */
  id: string;
  /** The whole name, extension included (`周报.docx`); unique among the live files of its folder. */
  name: string;
  /** The folder it is in (for a trashed file: the folder it is restored to). */
  folderId: string;
  /** Bytes. */
  size: number;
  /** Last change (virtual ms): 最近 and 按时间 sort by it. */
  modifiedAt: number;
  favorite: boolean;
  /** When it went to 回收站 (virtual ms), or null while it is live. */
  trashedAt: number | null;
  /** A document's text, what 打开 shows ('' for other files and for documents with no text). */
  text: string;
  /** A zip's entries ([] for other files). */
  entries: ArchiveEntry[];
}

export interface Folder {
  /** `d_root` for 内部存储; `d_01` … for the rest (a new folder takes max+1). */
  id: string;
  name: string;
  /** null only for `d_root`. */
  parentId: string | null;
  createdAt: number;
}

export type SortKey = 'name' | 'date' | 'size' | 'type';
export type Layout = 'list' | 'grid';

export interface FilesState {
  /** Parents before children; `d_root` first. */
  folders: Folder[];
  /** Ordered by id. */
  files: FileEntry[];
  /** How folders list their files (shared by every folder, as on most phones). */
  view: { layout: Layout; sort: SortKey };
  /** The phone's storage: capacity and what the system and apps take besides the files here, in bytes. */
  storage: { totalBytes: number; systemBytes: number; appBytes: number };
}
