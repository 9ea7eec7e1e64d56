/**
 * The file manager's rules, pure: what a file is, how big, where; what a folder lists and in which
 * order; and every change a user can make (rename, move, copy, delete to 回收站 and restore,
 * compress and extract, new folders, favourites, the view). Each change has a `…Problem` check that
 * says in Chinese why it is refused (the screen's toast) and a mutator that assumes it was not.
 *
 * Long file: one module per app's rules is what the isomorphic list allows Node to import (the
 * catalog's validator and the tasks use these rules), and the checks sit beside the changes they guard.
 */
import { pad2 } from '../shared/dates.ts';
import { nextId } from '../shared/ids.ts';
import { wallClock } from '../shared/time.ts';
import { EXT_KIND, KINDS } from './data.ts';
import type { ArchiveEntry, FileEntry, FileKind, FilesState, Folder, Layout, SortKey } from './types.ts';

export const FILES_APP_ID = 'files';
export const ROOT_ID = 'd_root';
export const ROOT_NAME = '内部存储';
export const SORT_KEYS: readonly SortKey[] = ['name', 'date', 'size', 'type'];
export const SORT_NAMES: Record<SortKey, string> = { name: '按名称', date: '按时间', size: '按大小', type: '按类型' };
export const NAME_MAX = 60;
/** How many files 最近 lists. */
export const RECENT_MAX = 30;

// --- names ------------------------------------------------------------------------------------

/** `周报.docx` → `docx` (lower case; '' without a dot). */
export function extOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** `周报.docx` → `周报`. */
export function stemOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** The name with the extension of `original` kept: the rename sheet edits the stem only. */
export function withExt(stem: string, original: string): string {
  const dot = original.lastIndexOf('.');
  return dot > 0 ? `${stem}${original.slice(dot)}` : stem;
}

export function kindOf(name: string): FileKind {
  return EXT_KIND[extOf(name)] ?? 'doc';
}

/** The type a file's detail shows: `PDF 文档`, `JPG 图片`. */
export function typeText(name: string): string {
  const ext = extOf(name).toUpperCase();
  const word = { doc: '文档', image: '图片', audio: '音频', video: '视频', archive: '压缩包', apk: '安装包' }[kindOf(name)];
  return ext ? `${ext} ${word}` : word;
}

/** Why a file or folder name cannot be used (empty, too long, a character a file system refuses), or null. */
export function nameProblem(name: string): string | null {
  if (name.trim() === '') return '名称不能为空';
  if (name !== name.trim()) return '名称首尾不能有空格';
  if (name.length > NAME_MAX) return `名称不能超过 ${NAME_MAX} 个字符`;
  if (/[\\/:*?"<>|]/.test(name)) return '名称不能包含 \\ / : * ? " < > |';
  if (name.startsWith('.')) return '名称不能以 . 开头';
  return null;
}

// --- sizes ------------------------------------------------------------------------------------

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** Bytes as a phone shows them: `820 B`, `356 KB`, `2.4 MB`, `1.05 GB` (1024-based, one decimal for MB). */
export function sizeText(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${Math.round(bytes / KB)} KB`;
  if (bytes < GB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${(bytes / GB).toFixed(2)} GB`;
}

/** When a file changed, as its row and detail show it: `2026/3/2 14:05`. */
export function fileTimeText(timestamp: number, timezone: string): string {
  const w = wallClock(timestamp, timezone);
  return `${w.year}/${w.month}/${w.day} ${pad2(w.hour)}:${pad2(w.minute)}`;
}

// --- reading ----------------------------------------------------------------------------------

export function fileById(s: FilesState, id: string): FileEntry | undefined {
  return s.files.find((f) => f.id === id);
}

export function folderById(s: FilesState, id: string): Folder | undefined {
  return s.folders.find((d) => d.id === id);
}

export function liveFiles(s: FilesState): FileEntry[] {
  return s.files.filter((f) => f.trashedAt === null);
}

export function trashedFiles(s: FilesState): FileEntry[] {
  return s.files.filter((f) => f.trashedAt !== null).sort((a, b) => b.trashedAt! - a.trashedAt! || a.id.localeCompare(b.id));
}

/** The live files directly in a folder. */
export function filesIn(s: FilesState, folderId: string): FileEntry[] {
  return s.files.filter((f) => f.trashedAt === null && f.folderId === folderId);
}

/** A folder's subfolders, by name. */
export function subfolders(s: FilesState, folderId: string): Folder[] {
  return s.folders.filter((d) => d.parentId === folderId).sort((a, b) => compareNames(a.name, b.name));
}

/** Every folder under `folderId` (not itself), depth first. */
export function descendants(s: FilesState, folderId: string): Folder[] {
  return subfolders(s, folderId).flatMap((d) => [d, ...descendants(s, d.id)]);
}

/** How many items (subfolders and live files) a folder holds directly. */
export function itemCount(s: FilesState, folderId: string): number {
  return subfolders(s, folderId).length + filesIn(s, folderId).length;
}

/** `内部存储/DCIM/Camera`. */
export function folderPath(s: FilesState, folderId: string): string {
  const names: string[] = [];
  for (let d = folderById(s, folderId); d; d = d.parentId === null ? undefined : folderById(s, d.parentId)) names.unshift(d.id === ROOT_ID ? ROOT_NAME : d.name);
  return names.join('/');
}

/** The chain of folders from 内部存储 down to `folderId` (the breadcrumb). */
export function folderChain(s: FilesState, folderId: string): Folder[] {
  const out: Folder[] = [];
  for (let d = folderById(s, folderId); d; d = d.parentId === null ? undefined : folderById(s, d.parentId)) out.unshift(d);
  return out;
}

export function filePath(s: FilesState, f: FileEntry): string {
  return `${folderPath(s, f.folderId)}/${f.name}`;
}

/** Names compared as a file manager does: case-insensitive, numbers by value, Chinese by code point. */
export function compareNames(a: string, b: string): number {
  return NAME_COLLATOR.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** One collator for every comparison (a localeCompare with options builds one per call). */
const NAME_COLLATOR = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Files in the order of a sort key: name A→Z, newest first, largest first, or by extension then name. */
export function sortFiles(files: readonly FileEntry[], sort: SortKey): FileEntry[] {
  const byName = (a: FileEntry, b: FileEntry) => compareNames(a.name, b.name) || a.id.localeCompare(b.id);
  const order: Record<SortKey, (a: FileEntry, b: FileEntry) => number> = {
    name: byName,
    date: (a, b) => b.modifiedAt - a.modifiedAt || byName(a, b),
    size: (a, b) => b.size - a.size || byName(a, b),
    type: (a, b) => extOf(a.name).localeCompare(extOf(b.name)) || byName(a, b),
  };
  return [...files].sort(order[sort]);
}

/** 最近: the live files changed most recently, newest first. */
export function recentFiles(s: FilesState): FileEntry[] {
  return sortFiles(liveFiles(s), 'date').slice(0, RECENT_MAX);
}

export function filesOfKind(s: FilesState, kind: FileKind): FileEntry[] {
  return liveFiles(s).filter((f) => kindOf(f.name) === kind);
}

/** The 分类 page: per kind, how many live files and their total size. */
export function categoryStats(s: FilesState): { kind: FileKind; count: number; bytes: number }[] {
  return KINDS.map((kind) => {
    const files = filesOfKind(s, kind);
    return { kind, count: files.length, bytes: files.reduce((n, f) => n + f.size, 0) };
  });
}

/** Storage in use: the system, the apps, and every file (回收站 included: it still takes space). */
export function usedBytes(s: FilesState): number {
  return s.storage.systemBytes + s.storage.appBytes + s.files.reduce((n, f) => n + f.size, 0);
}

/** Live files whose name contains the query (case-insensitive), and folders likewise; '' finds nothing. */
export function searchAll(s: FilesState, query: string): { folders: Folder[]; files: FileEntry[] } {
  const q = query.trim().toLowerCase();
  if (q === '') return { folders: [], files: [] };
  return {
    folders: s.folders.filter((d) => d.id !== ROOT_ID && d.name.toLowerCase().includes(q)).sort((a, b) => compareNames(a.name, b.name)),
    files: sortFiles(liveFiles(s).filter((f) => f.name.toLowerCase().includes(q)), 'name'),
  };
}

export function favoriteFiles(s: FilesState): FileEntry[] {
  return sortFiles(liveFiles(s).filter((f) => f.favorite), 'date');
}

/** Whether a live file of this name is in the folder (other than `exceptId`). */
function nameTaken(s: FilesState, folderId: string, name: string, exceptId?: string): boolean {
  const lower = name.toLowerCase();
  return s.files.some((f) => f.trashedAt === null && f.folderId === folderId && f.id !== exceptId && f.name.toLowerCase() === lower);
}

function folderNameTaken(s: FilesState, parentId: string, name: string): boolean {
  const lower = name.toLowerCase();
  return s.folders.some((d) => d.parentId === parentId && d.name.toLowerCase() === lower);
}

/** `报告.pdf` → `报告(1).pdf`, `报告(2).pdf` … the first name free in the folder. */
export function freeName(s: FilesState, folderId: string, name: string): string {
  if (!nameTaken(s, folderId, name)) return name;
  const stem = stemOf(name);
  for (let n = 1; ; n++) {
    const candidate = withExt(`${stem}(${n})`, name);
    if (!nameTaken(s, folderId, candidate)) return candidate;
  }
}

function newFileId(s: FilesState): string {
  return nextId(s.files.map((f) => f.id), 'f_', 3);
}

// --- changes ----------------------------------------------------------------------------------

/** Why a file cannot take the stem `stem` (its extension kept), or null. */
export function renameProblem(s: FilesState, id: string, stem: string): string | null {
  const f = fileById(s, id);
  if (!f || f.trashedAt !== null) return '文件不存在';
  const name = withExt(stem, f.name);
  const problem = nameProblem(stem) ?? nameProblem(name);
  if (problem) return problem;
  if (name === f.name) return null;
  if (nameTaken(s, f.folderId, name, f.id)) return '此文件夹中已有同名文件';
  return null;
}

export function renameFile(s: FilesState, id: string, stem: string, now: number): void {
  const f = fileById(s, id)!;
  const name = withExt(stem, f.name);
  if (name === f.name) return;
  f.name = name;
  f.modifiedAt = now;
}

/** Why these files cannot move into `targetId`, or null. */
export function moveProblem(s: FilesState, ids: readonly string[], targetId: string): string | null {
  if (!folderById(s, targetId)) return '目标文件夹不存在';
  const files = ids.map((id) => fileById(s, id));
  if (files.length === 0 || files.some((f) => !f || f.trashedAt !== null)) return '请选择文件';
  if (files.every((f) => f!.folderId === targetId)) return '文件已在此文件夹中';
  const names = new Set<string>();
  for (const f of files) {
    const lower = f!.name.toLowerCase();
    if (f!.folderId !== targetId && (nameTaken(s, targetId, f!.name) || names.has(lower))) return `目标文件夹已有“${f!.name}”`;
    names.add(lower);
  }
  return null;
}

/** Moves the files (a file already there stays); the modified time does not change, as on a real phone. */
export function moveFiles(s: FilesState, ids: readonly string[], targetId: string): void {
  for (const id of ids) fileById(s, id)!.folderId = targetId;
}

export function copyProblem(s: FilesState, ids: readonly string[], targetId: string): string | null {
  if (!folderById(s, targetId)) return '目标文件夹不存在';
  if (ids.length === 0 || ids.some((id) => fileById(s, id)?.trashedAt !== null)) return '请选择文件';
  return null;
}

/** Copies into the target; a name already there gets `(1)`, `(2)` …; returns the new ids. */
export function copyFiles(s: FilesState, ids: readonly string[], targetId: string, now: number): string[] {
  const out: string[] = [];
  for (const id of ids) {
    const f = fileById(s, id)!;
    const copy: FileEntry = { ...f, id: newFileId(s), folderId: targetId, name: freeName(s, targetId, f.name), modifiedAt: now, favorite: false, entries: f.entries.map((e) => ({ ...e })) };
    s.files.push(copy);
    out.push(copy.id);
  }
  return out;
}

/** To 回收站: the files keep their folder, to be restored to it. */
export function trashFiles(s: FilesState, ids: readonly string[], now: number): void {
  for (const id of ids) {
    const f = fileById(s, id);
    if (f && f.trashedAt === null) f.trashedAt = now;
  }
}

/** Back from 回收站 to its folder (内部存储 when that folder is gone); a name taken meanwhile gets `(1)`. */
export function restoreFile(s: FilesState, id: string): void {
  const f = fileById(s, id);
  if (!f || f.trashedAt === null) return;
  if (!folderById(s, f.folderId)) f.folderId = ROOT_ID;
  f.name = freeName(s, f.folderId, f.name);
  f.trashedAt = null;
}

/** 彻底删除: gone for good (only from 回收站). */
export function deleteForever(s: FilesState, ids: readonly string[]): void {
  const gone = new Set(ids.filter((id) => fileById(s, id)?.trashedAt !== null));
  s.files = s.files.filter((f) => !gone.has(f.id));
}

export function folderProblem(s: FilesState, parentId: string, name: string): string | null {
  if (!folderById(s, parentId)) return '文件夹不存在';
  return nameProblem(name) ?? (folderNameTaken(s, parentId, name) ? '已有同名文件夹' : null);
}

export function createFolder(s: FilesState, parentId: string, name: string, now: number): string {
  const id = nextId(s.folders.map((d) => d.id), 'd_', 2);
  s.folders.push({ id, name, parentId, createdAt: now });
  return id;
}

/** A folder can be deleted only when empty (its files would otherwise need a folder in 回收站). */
export function deleteFolderProblem(s: FilesState, folderId: string): string | null {
  if (folderId === ROOT_ID || !folderById(s, folderId)) return '不能删除此文件夹';
  if (s.folders.some((d) => d.parentId === folderId) || s.files.some((f) => f.folderId === folderId)) return '文件夹不为空，请先移走或删除其中的文件';
  return null;
}

export function deleteFolder(s: FilesState, folderId: string): void {
  s.folders = s.folders.filter((d) => d.id !== folderId);
}

/** How much smaller a file gets in a zip: documents shrink, media hardly at all. */
function packedSize(entry: ArchiveEntry): number {
  return Math.ceil(entry.size * (kindOf(entry.name) === 'doc' ? 0.42 : 0.96));
}

export function compressProblem(s: FilesState, ids: readonly string[], folderId: string, stem: string): string | null {
  if (ids.length === 0 || ids.some((id) => fileById(s, id)?.trashedAt !== null)) return '请选择文件';
  const problem = nameProblem(stem);
  if (problem) return problem;
  return nameTaken(s, folderId, `${stem}.zip`) ? '此文件夹中已有同名文件' : null;
}

/** A zip `<stem>.zip` in the folder holding the files by name (they stay where they are); returns its id. */
export function compressFiles(s: FilesState, ids: readonly string[], folderId: string, stem: string, now: number): string {
  const entries = ids.map((id) => {
    const f = fileById(s, id)!;
    return { name: f.name, size: f.size };
  });
  const id = newFileId(s);
  s.files.push({ id, name: `${stem}.zip`, folderId, size: 22 + entries.reduce((n, e) => n + packedSize(e) + 46, 0), modifiedAt: now, favorite: false, trashedAt: null, text: '', entries });
  return id;
}

export function extractProblem(s: FilesState, zipId: string): string | null {
  const f = fileById(s, zipId);
  if (!f || f.trashedAt !== null) return '文件不存在';
  if (kindOf(f.name) !== 'archive') return '只能解压压缩包';
  if (f.entries.length === 0) return '压缩包是空的';
  return null;
}

/** 解压: a folder named after the zip (`(1)` if taken) beside it, holding its entries; returns the folder id. */
export function extractArchive(s: FilesState, zipId: string, now: number): string {
  const zip = fileById(s, zipId)!;
  let name = stemOf(zip.name);
  for (let n = 1; folderNameTaken(s, zip.folderId, name); n++) name = `${stemOf(zip.name)}(${n})`;
  const folderId = createFolder(s, zip.folderId, name, now);
  for (const e of zip.entries) s.files.push({ id: newFileId(s), name: e.name, folderId, size: e.size, modifiedAt: now, favorite: false, trashedAt: null, text: '', entries: [] });
  return folderId;
}

export function setFavorite(s: FilesState, id: string, on: boolean): void {
  const f = fileById(s, id);
  if (f) f.favorite = on;
}

export function setSort(s: FilesState, sort: SortKey): void {
  s.view.sort = sort;
}

export function setLayout(s: FilesState, layout: Layout): void {
  s.view.layout = layout;
}

// --- validation ---------------------------------------------------------------------------------

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Why a slice cannot be shown (the field named), or null. */
export function validateFilesState(slice: unknown): string | null {
  if (!isRecord(slice)) return 'apps.files must be an object';
  const { folders, files, view, storage } = slice;
  if (!Array.isArray(folders) || !folders.some((d) => isRecord(d) && d.id === ROOT_ID)) return `apps.files.folders must be an array holding ${ROOT_ID}`;
  const folderIds = new Set<unknown>();
  for (const [i, d] of folders.entries()) {
    if (!isRecord(d) || typeof d.id !== 'string' || typeof d.name !== 'string') return `apps.files.folders[${i}] must have a string id and name`;
    if (d.id !== ROOT_ID && typeof d.parentId !== 'string') return `apps.files.folders[${i}].parentId must be a folder id`;
    if (typeof d.createdAt !== 'number') return `apps.files.folders[${i}].createdAt must be a number`;
    folderIds.add(d.id);
  }
  if (!Array.isArray(files)) return 'apps.files.files must be an array';
  for (const [i, f] of files.entries()) {
    const at = `apps.files.files[${i}]`;
    if (!isRecord(f) || typeof f.id !== 'string' || typeof f.name !== 'string') return `${at} must have a string id and name`;
    if (!folderIds.has(f.folderId)) return `${at}.folderId must name a folder of apps.files.folders`;
    if (typeof f.size !== 'number' || f.size < 0 || typeof f.modifiedAt !== 'number') return `${at}.size and .modifiedAt must be numbers`;
    if (typeof f.favorite !== 'boolean' || typeof f.text !== 'string' || !Array.isArray(f.entries)) return `${at} must have favorite (boolean), text (string) and entries (array)`;
    if (f.trashedAt !== null && typeof f.trashedAt !== 'number') return `${at}.trashedAt must be a number or null`;
  }
  if (!isRecord(view) || !(['list', 'grid'] as unknown[]).includes(view.layout) || !(SORT_KEYS as unknown[]).includes(view.sort)) return `apps.files.view must be { layout: list|grid, sort: ${SORT_KEYS.join('|')} }`;
  if (!isRecord(storage) || typeof storage.totalBytes !== 'number' || typeof storage.systemBytes !== 'number' || typeof storage.appBytes !== 'number') return 'apps.files.storage must be { totalBytes, systemBytes, appBytes }';
  return null;
}
