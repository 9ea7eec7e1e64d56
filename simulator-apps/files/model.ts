/**
 * The file manager's actions: each checks its rule's `…Problem` (./logic.ts) and, when nothing is
 * wrong, applies the rule through `phone.update`; a refused action never calls `update` and returns
 * the reason for the screen's toast.
 *
 * Transient UI memory lives outside the state, per phone and epoch: the 移动/复制 waiting for the
 * folder picker (which files, and the back stack to return to).
 */
import { AppModel, perEpoch } from '../os/appModel.ts';
import type { Phone } from '../os/phone.svelte.ts';
import { shareTargets, shareToChat, type ShareTarget } from '../chat/share.ts';
import type { ChatState } from '../chat/types.ts';
import * as rules from './logic.ts';
import type { FilesState, Layout, SortKey } from './types.ts';

export type TransferOp = 'move' | 'copy';

/** A 移动/复制 waiting for its folder: the files, and the stack to go back to when it is done. */
export interface PendingTransfer {
  op: TransferOp;
  ids: string[];
  returnStack: string[];
}

interface Memory {
  pending: PendingTransfer | null;
}

const memoryOf = perEpoch<Memory>('files', () => ({ pending: null }));

/** What an action says: null when done, else why not. */
export type Refusal = string | null;

export class FilesModel extends AppModel<FilesState> {
  constructor(phone: Phone) {
    super(phone, rules.FILES_APP_ID);
  }

  get state(): FilesState {
    return this.data as unknown as FilesState;
  }

  get pending(): PendingTransfer | null {
    return memoryOf(this.phone).pending;
  }

  /** Opens the folder picker for these files, starting where they are. */
  startTransfer(op: TransferOp, ids: string[]): void {
    const first = rules.fileById(this.state, ids[0] ?? '');
    if (!first) return;
    memoryOf(this.phone).pending = { op, ids: [...ids], returnStack: [...(this.phone.nav.stacks.files ?? [])] };
    this.phone.push(`/pick/${first.folderId}`);
  }

  cancelTransfer(): void {
    const p = this.pending;
    memoryOf(this.phone).pending = null;
    if (p) this.phone.setStack(p.returnStack);
  }

  /** Finishes the pending 移动/复制 into `folderId`, back where it started (a moved file's detail stays open on it). */
  finishTransfer(folderId: string): Refusal {
    const p = this.pending;
    if (!p) return '没有要移动的文件';
    const problem = p.op === 'move' ? rules.moveProblem(this.state, p.ids, folderId) : rules.copyProblem(this.state, p.ids, folderId);
    if (problem) return problem;
    const now = this.phone.now;
    this.mutate((s) => (p.op === 'move' ? rules.moveFiles(s, p.ids, folderId) : rules.copyFiles(s, p.ids, folderId, now)));
    memoryOf(this.phone).pending = null;
    this.phone.setStack(p.returnStack);
    this.phone.toast(p.op === 'move' ? '已移动' : '已复制');
    return null;
  }

  rename(id: string, stem: string): Refusal {
    const problem = rules.renameProblem(this.state, id, stem);
    if (problem) return problem;
    const now = this.phone.now;
    this.mutate((s) => rules.renameFile(s, id, stem, now));
    return null;
  }

  trash(ids: string[]): void {
    const now = this.phone.now;
    this.mutate((s) => rules.trashFiles(s, ids, now));
  }

  restore(id: string): void {
    this.mutate((s) => rules.restoreFile(s, id));
  }

  deleteForever(ids: string[]): void {
    this.mutate((s) => rules.deleteForever(s, ids));
  }

  newFolder(parentId: string, name: string): Refusal {
    const problem = rules.folderProblem(this.state, parentId, name);
    if (problem) return problem;
    const now = this.phone.now;
    this.mutate((s) => rules.createFolder(s, parentId, name, now));
    return null;
  }

  deleteFolder(folderId: string): Refusal {
    const problem = rules.deleteFolderProblem(this.state, folderId);
    if (problem) return problem;
    this.mutate((s) => rules.deleteFolder(s, folderId));
    return null;
  }

  compress(ids: string[], folderId: string, stem: string): Refusal {
    const problem = rules.compressProblem(this.state, ids, folderId, stem);
    if (problem) return problem;
    const now = this.phone.now;
    this.mutate((s) => rules.compressFiles(s, ids, folderId, stem, now));
    return null;
  }

  /** 解压: returns the new folder's id, or the reason it was refused. */
  extract(zipId: string): { folderId: string } | { refused: string } {
    const problem = rules.extractProblem(this.state, zipId);
    if (problem) return { refused: problem };
    const now = this.phone.now;
    return { folderId: this.mutate((s) => rules.extractArchive(s, zipId, now)) };
  }

  setFavorite(id: string, on: boolean): void {
    this.mutate((s) => rules.setFavorite(s, id, on));
  }

  setSort(sort: SortKey): void {
    if (this.state.view.sort !== sort) this.mutate((s) => rules.setSort(s, sort));
  }

  setLayout(layout: Layout): void {
    if (this.state.view.layout !== layout) this.mutate((s) => rules.setLayout(s, layout));
  }

  shareTargets(): ShareTarget[] {
    const chat = this.phone.app<ChatState>('chat');
    return chat ? shareTargets(chat as unknown as ChatState) : [];
  }

  /** 分享 → a chat: a file card from me in that conversation. */
  share(chatId: string, fileId: string): boolean {
    const f = rules.fileById(this.state, fileId);
    if (!f || !this.shareTargets().some((t) => t.chatId === chatId)) return false;
    const card = { app: rules.FILES_APP_ID, title: f.name, subtitle: `${rules.sizeText(f.size)} · 文件`, ref: `/file/${f.id}` };
    const now = this.phone.now;
    this.phone.update((state) => shareToChat(state.apps.chat as unknown as ChatState, { chatId, card, now }));
    return true;
  }
}
