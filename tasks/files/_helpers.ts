/**
 * Shared pieces of the 文件管理 suite: typed access to the files slice, parameter builders that draw
 * files and folders a goal can name without ambiguity, the answers a size may be written as, and
 * oracle moves on `data-ui` keys (the tabs, a folder, a file's detail, the folder picker, select
 * mode, the name sheet). Files starting with `_` are not tasks.
 */
import { criteria } from '../../bridge/tasks/api.ts';
import type { OracleUi, ParamSpec, Rng } from '../../bridge/tasks/api.ts';
import type { Criterion, JudgeInput } from '../../bridge/judge/judge.ts';
import type { Message, Thread } from '../../simulator-apps/chat/types.ts';
import { chatOf } from '../chat/_helpers.ts';
import { scrollAndTap } from '../_shared/ui.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { NEW_FOLDER_NAMES } from '../../simulator-apps/files/data.ts';
import { extOf, fileById, folderById, folderChain, folderPath, kindOf, liveFiles, ROOT_ID, sizeText, stemOf, subfolders, trashedFiles } from '../../simulator-apps/files/logic.ts';
import type { FileEntry, FileKind, FilesState, Folder } from '../../simulator-apps/files/types.ts';
import { addedRecords, pickOrNull } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';

export { extOf, fileById, folderById, folderPath, kindOf, liveFiles, NEW_FOLDER_NAMES, ROOT_ID, sizeText, stemOf, trashedFiles };
export type { FileEntry, FileKind, FilesState, Folder };

export function filesOf(state: PhoneState): FilesState {
  return state.apps.files as unknown as FilesState;
}

/** The seeded folders by their fixed ids (seed.ts gives the standard folders these ids). */
export const FOLDER = { download: 'd_01', documents: 'd_02', dcim: 'd_03', camera: 'd_04', screenshots: 'd_05', music: 'd_06', movies: 'd_07', chat: 'd_08' } as const;

/** The folder's name as a goal says it (内部存储 for the root). */
export function folderName(s: FilesState, id: string): string {
  return id === ROOT_ID ? '内部存储' : (folderById(s, id)?.name ?? id);
}

/** Live files whose name no other file (live or trashed) shares, passing `where`. */
export function nameableFiles(s: FilesState, where: (f: FileEntry) => boolean = () => true): FileEntry[] {
  const count = new Map<string, number>();
  for (const f of s.files) count.set(f.name.toLowerCase(), (count.get(f.name.toLowerCase()) ?? 0) + 1);
  return s.files.filter((f) => f.trashedAt === null && count.get(f.name.toLowerCase()) === 1 && where(f));
}

export interface FileParams extends Record<string, unknown> {
  fileId: string;
  fileName: string;
  folderId: string;
  folderName: string;
}

/** The `_file` parameter: a live file a goal can name (`where` filters), spread into fileId, fileName, folderId, folderName. */
export function fileParam(where: (f: FileEntry, s: FilesState) => boolean = () => true): Record<string, ParamSpec> {
  return spreadParam('_file', ['fileId', 'fileName', 'folderId', 'folderName'], (state, rng) => {
    const s = filesOf(state);
    const f = pickOrNull(rng, nameableFiles(s, (x) => where(x, s)));
    return f && { fileId: f.id, fileName: f.name, folderId: f.folderId, folderName: folderName(s, f.folderId) };
  });
}

/** Folders a file can be moved into by name: not 内部存储, and no other folder has the name. */
export function nameableFolders(s: FilesState, where: (d: Folder) => boolean = () => true): Folder[] {
  return s.folders.filter((d) => d.id !== ROOT_ID && s.folders.filter((x) => x.name === d.name).length === 1 && where(d));
}

/** A name for a new folder that no folder has. */
export function freshFolderName(s: FilesState, rng: Rng): string {
  return rng.pick(NEW_FOLDER_NAMES.filter((n) => !s.folders.some((d) => d.name === n)));
}

/** Folders in `final` that were not in `init`. */
export function addedFolders(input: JudgeInput): Folder[] {
  return addedRecords(filesOf(input.init).folders, filesOf(input.final).folders);
}

export function addedFiles(input: JudgeInput): FileEntry[] {
  return addedRecords(filesOf(input.init).files, filesOf(input.final).files);
}

/** What a file's size may be written as: the detail's `2.4 MB`, and `2.4MB` / `2.4M`. */
export function sizeAnswers(bytes: number): string[] {
  const shown = sizeText(bytes);
  const [num, unit] = shown.split(' ');
  return [shown, `${num}${unit}`, `${num}${unit.slice(0, 1)}`];
}

/** Where a file's state may change without a goal saying so: nothing else of it. Paths of the files a task moves or renames. */
export function filePaths(ids: readonly string[]): string[] {
  return ids.map((id) => `apps.files.files[${id}]`);
}

/** A file (seeded into a folder by `prepare`) with the fields every file has. */
export function makeFile(s: FilesState, fields: Pick<FileEntry, 'name' | 'folderId' | 'size' | 'modifiedAt'> & Partial<FileEntry>): FileEntry {
  const n = Math.max(0, ...s.files.map((f) => Number(f.id.slice(2)))) + 1;
  const f: FileEntry = { id: `f_${String(n).padStart(3, '0')}`, favorite: false, trashedAt: null, text: '', entries: [], ...fields };
  s.files.push(f);
  return f;
}

// --- oracle navigation ------------------------------------------------------------------------

const TABS = { recent: '/', categories: '/categories', browse: '/browse' } as const;
export type FilesTabName = keyof typeof TABS;

/** From anywhere, one of the three tabs (a sheet or a select mode is closed on the way). */
export async function openFilesTab(ui: OracleUi, tab: FilesTabName): Promise<void> {
  if (ui.route.app !== 'files') await ui.openApp('files');
  for (let i = 0; i < 8 && !ui.find(`files.tab.${tab}`); i++) {
    if (ui.find('files.sel.cancel')) await ui.tap('files.sel.cancel');
    else await ui.back();
    if (ui.route.app !== 'files') await ui.openApp('files');
  }
  if (!ui.find(`files.tab.${tab}`)) throw new Error(`could not get back to the files tabs (route ${ui.route.app}${ui.route.path})`);
  if (ui.route.path !== TABS[tab]) await ui.tap(`files.tab.${tab}`);
}

/** From anywhere, a folder: 浏览, then each folder of its path. */
export async function openFolder(ui: OracleUi, folderId: string): Promise<void> {
  await openFilesTab(ui, 'browse');
  for (const d of folderChain(filesOf(ui.state), folderId).slice(1)) {
    await ui.scrollTo(`files.folder.${d.id}`, { within: 'files.folder.list' });
    await ui.tap(`files.folder.${d.id}`);
  }
}

/** From anywhere, a file's detail (through its folder). */
export async function openFile(ui: OracleUi, fileId: string): Promise<void> {
  const f = fileById(filesOf(ui.state), fileId);
  if (!f) throw new Error(`no file ${fileId}`);
  await openFolder(ui, f.folderId);
  await ui.scrollTo(`files.file.${fileId}`, { within: 'files.folder.list' });
  await ui.tap(`files.file.${fileId}`);
}

/** On the folder picker: up to 内部存储 by the path, down to `folderId`, then 移动到此处 / 复制到此处. */
export async function pickFolder(ui: OracleUi, folderId: string): Promise<void> {
  const chain = folderChain(filesOf(ui.state), folderId);
  if (ui.find(`files.pick.crumb.${ROOT_ID}`) && !ui.find(`files.pick.crumb.${ROOT_ID}`)?.disabled) await ui.tap(`files.pick.crumb.${ROOT_ID}`);
  for (const d of chain.slice(1)) {
    await ui.scrollTo(`files.pick.folder.${d.id}`, { within: 'files.pick.list' });
    await ui.tap(`files.pick.folder.${d.id}`);
  }
  await ui.tap('files.pick.confirm');
}

/** From anywhere: the file's detail → 移动 (or 复制) → the folder. */
export async function transferFile(ui: OracleUi, op: 'move' | 'copy', fileId: string, folderId: string): Promise<void> {
  await openFile(ui, fileId);
  await ui.tap(`files.detail.${op}`);
  await pickFolder(ui, folderId);
}

/** The name sheet: the text typed over what it holds, then its confirm button. */
export async function fillName(ui: OracleUi, text: string): Promise<void> {
  await ui.type('files.name.input', text, { clear: true });
  await ui.tap('files.name.ok');
}

/** From anywhere: the file's detail → 重命名 → the new stem. */
export async function renameFile(ui: OracleUi, fileId: string, stem: string): Promise<void> {
  await openFile(ui, fileId);
  await ui.tap('files.detail.rename');
  await fillName(ui, stem);
}

/** In a folder: 选择, then each of the files ticked. */
export async function selectFiles(ui: OracleUi, ids: readonly string[]): Promise<void> {
  await ui.tap('files.select');
  for (const id of ids) {
    await ui.scrollTo(`files.file.${id}`, { within: 'files.folder.list' });
    await ui.tap(`files.file.${id}`);
  }
}

/** In a folder: 新建文件夹 → the name. */
export async function newFolderHere(ui: OracleUi, name: string): Promise<void> {
  await ui.tap('files.folder.new');
  await fillName(ui, name);
}

/** A folder's id by its name under a parent, from the latest state (after the oracle made it). */
export function childFolderId(ui: OracleUi, parentId: string, name: string): string {
  const d = subfolders(filesOf(ui.state), parentId).find((x) => x.name === name);
  if (!d) throw new Error(`no folder "${name}" in ${parentId}`);
  return d.id;
}

// --- 轻聊 ---------------------------------------------------------------------------------------

/** Every conversation of 轻聊 (chats and groups). */
function threads(state: PhoneState): Thread[] {
  const chat = chatOf(state);
  return [...chat.chats, ...(chat.groups ?? [])];
}

/** Messages a thread has in `final` that it did not have in `init`. */
export function addedInThread(input: JudgeInput, chatId: string): Message[] {
  const before = threads(input.init).find((t) => t.id === chatId)?.messages ?? [];
  const after = threads(input.final).find((t) => t.id === chatId)?.messages ?? [];
  return addedRecords(before, after);
}

/** The threads other than `chatId` that got a message. */
export function otherThreadsWritten(input: JudgeInput, chatId: string): string[] {
  return threads(input.final)
    .filter((t) => t.id !== chatId && t.messages.length !== (threads(input.init).find((x) => x.id === t.id)?.messages.length ?? 0))
    .map((t) => t.id);
}

/** The checks of sharing one file to one chat: one card from me there carrying the file, and nothing in any other chat. */
export function sharedFileCriteria(input: JudgeInput, chatId: string, fileId: string): Criterion[] {
  const added = addedInThread(input, chatId);
  const card = added[0]?.card;
  const kind = chatId.startsWith('g_') ? 'groups' : 'chats';
  return [
    criteria.that('one new message from me in that chat', added.length === 1 && added[0].from === 'me', { expected: 1, actual: added.length, path: `apps.chat.${kind}[${chatId}].messages` }),
    criteria.equals('it carries the file card', card ? `${card.app}${card.ref}` : null, `files/file/${fileId}`),
    criteria.equals('no other chat got anything', otherThreadsWritten(input, chatId).join(', '), ''),
  ];
}

/** On a file's detail: 分享 → the chat in the 分享到轻聊 sheet. */
export async function shareOpenFile(ui: OracleUi, chatId: string): Promise<void> {
  await ui.tap('files.detail.share');
  await scrollAndTap(ui, `files.share.target.${chatId}`, 'files.share.list');
}

/** A message from the chat's contact, `minutesAgo` before now, unread: what a task's memory fact is read from. */
export function receiveMessage(state: PhoneState, chatId: string, text: string, minutesAgo: number): string {
  const chat = chatOf(state);
  const c = chat.chats.find((x) => x.id === chatId)!;
  let max = 0;
  for (const t of threads(state)) for (const m of t.messages) max = Math.max(max, Number(m.id.slice(2)));
  const id = `m_${String(max + 1).padStart(5, '0')}`;
  c.messages.push({ id, from: c.contactId, text, time: state.os.time.timestamp - minutesAgo * 60_000 });
  c.unread += 1;
  return id;
}

/** Download holds at least `n` live files with this extension (seeded ones, else made here): a tidy-up task's material. */
export function stockDownload(state: PhoneState, rng: Rng, ext: string, n: number, stems: readonly string[]): void {
  const s = filesOf(state);
  const have = liveFiles(s).filter((f) => f.folderId === FOLDER.download && extOf(f.name) === ext).length;
  const free = stems.filter((stem) => !s.files.some((f) => f.name.toLowerCase() === `${stem}.${ext}`.toLowerCase()));
  for (const stem of rng.shuffle(free).slice(0, Math.max(0, n - have))) makeFile(s, { name: `${stem}.${ext}`, folderId: FOLDER.download, size: rng.int(200, 9000) * 1024, modifiedAt: state.os.time.timestamp - rng.int(60, 20000) * 60_000 });
}

/** The live files of a folder with one of these extensions, at the start. */
export function filesWithExt(state: PhoneState, folderId: string, exts: readonly string[]): FileEntry[] {
  return liveFiles(filesOf(state)).filter((f) => f.folderId === folderId && exts.includes(extOf(f.name)));
}

export interface TransferParams extends Record<string, unknown> {
  fileId: string;
  fileName: string;
  fromName: string;
  targetId: string;
  targetName: string;
}

/** The `_transfer` parameter of 移动 / 复制: a file a goal can name and another folder with a name of its own (not DCIM, which holds only folders). */
export function transferParam(): Record<string, ParamSpec> {
  return spreadParam('_transfer', ['fileId', 'fileName', 'fromName', 'targetId', 'targetName'], (state, rng) => {
    const s = filesOf(state);
    const f = pickOrNull(rng, nameableFiles(s));
    const d = f && pickOrNull(rng, nameableFolders(s, (x) => x.id !== f.folderId && x.name !== 'DCIM'));
    return f && d && { fileId: f.id, fileName: f.name, fromName: folderName(s, f.folderId), targetId: d.id, targetName: d.name };
  });
}

/** The names of files other than `except` whose folder, name or 回收站 state changed (or that are gone): what a restraint task forbids. */
export function disturbedFiles(input: JudgeInput, except: readonly FileEntry[]): string[] {
  const skip = new Set(except.map((f) => f.id));
  const final = filesOf(input.final);
  return filesOf(input.init)
    .files.filter((f) => !skip.has(f.id))
    .filter((f) => {
      const now = fileById(final, f.id);
      return !now || now.folderId !== f.folderId || now.name !== f.name || now.trashedAt !== f.trashedAt;
    })
    .map((f) => f.name);
}
