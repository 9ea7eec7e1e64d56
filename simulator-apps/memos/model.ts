/**
 * 备忘录's actions: each applies a pure rule from ./logic.ts through `phone.update`, and the two
 * that reach other apps: 分享到轻聊 (a card through 轻聊's `shareToChat`) and 添加到日历 (an
 * event through 日历's `addEvent`).
 *
 * What the app remembers outside the state tree, per phone and epoch (a reset forgets it): the
 * memos unlocked in this session and the list's search text.
 */
import { AppModel, perEpoch } from '../os/appModel.ts';
import type { Phone } from '../os/phone.svelte.ts';
import { shareTargets, shareToChat, type ShareTarget } from '../chat/share.ts';
import type { ChatState } from '../chat/types.ts';
import { addEvent, draftError, type EventDraft } from '../calendar/logic.ts';
import type { CalendarState } from '../calendar/types.ts';
import * as rules from './logic.ts';
import { memoPath } from './routes.ts';
import type { MemoLayout, MemoSort, MemosState } from './types.ts';

interface Memory {
  /** Memos whose password was typed in this session (locked again when the lock is set anew). */
  unlocked: string[];
  /** The list's search text. */
  query: string;
}

const memoryOf = perEpoch<Memory>('memos', () => ({ unlocked: [], query: '' }));

export class MemosModel extends AppModel<MemosState> {
  constructor(phone: Phone) {
    super(phone, rules.MEMOS_APP_ID);
  }

  get state(): MemosState {
    return this.data as unknown as MemosState;
  }

  get memory(): Memory {
    return memoryOf(this.phone);
  }

  isUnlocked(memoId: string): boolean {
    return this.memory.unlocked.includes(memoId);
  }

  /** The password typed on a locked memo: true when it opens it. */
  unlock(memoId: string, password: string): boolean {
    if (password.trim() !== this.state.password) return false;
    if (!this.isUnlocked(memoId)) this.memory.unlocked.push(memoId);
    return true;
  }

  newMemo(folderId: string | null): string {
    const now = this.phone.now;
    return this.mutate((s) => rules.createMemo(s, folderId, now).id);
  }

  setText(memoId: string, blockId: string, text: string): void {
    const now = this.phone.now;
    this.mutate((s) => rules.setBlockText(s, memoId, blockId, text, now));
  }

  setChecked(memoId: string, blockId: string, done: boolean): void {
    const now = this.phone.now;
    this.mutate((s) => rules.setChecked(s, memoId, blockId, done, now));
  }

  addBlock(memoId: string, kind: 'heading' | 'text' | 'check', afterId: string | null): string {
    const now = this.phone.now;
    return this.mutate((s) => rules.addBlock(s, memoId, kind, afterId, now));
  }

  removeBlock(memoId: string, blockId: string): void {
    const now = this.phone.now;
    this.mutate((s) => rules.removeBlock(s, memoId, blockId, now));
  }

  setKind(memoId: string, blockId: string, kind: 'heading' | 'text' | 'check'): void {
    const now = this.phone.now;
    this.mutate((s) => rules.setBlockKind(s, memoId, blockId, kind, now));
  }

  /** 勾选项移到底部; false when nothing had to move. */
  moveCheckedDown(memoId: string): boolean {
    const memo = rules.findMemo(this.state, memoId);
    if (!memo || !rules.checkedDownOrder(memo.blocks)) return false;
    const now = this.phone.now;
    return this.mutate((s) => rules.moveCheckedDown(s, memoId, now));
  }

  /** Leaving the editor: empty lines go, a memo with nothing written is removed (no change when there is nothing to tidy). */
  tidy(memoId: string): void {
    const memo = rules.findMemo(this.state, memoId);
    if (!memo) return;
    const empty = memo.blocks.filter((b, i) => i > 0 && b.kind !== 'sketch' && b.text.trim() === '').length;
    const blank = memo.blocks.every((b) => b.kind !== 'sketch' && b.text.trim() === '');
    if (empty > 0 || blank) this.mutate((s) => rules.tidyMemo(s, memoId));
  }

  setPinned(memoId: string, pinned: boolean): void {
    this.mutate((s) => rules.setPinned(s, memoId, pinned));
  }

  setLocked(memoId: string, locked: boolean): void {
    this.mutate((s) => rules.setLocked(s, memoId, locked));
    // A memo locked in this session opens without the password until the app is reset.
    if (locked && !this.isUnlocked(memoId)) this.memory.unlocked.push(memoId);
  }

  move(memoId: string, folderId: string | null): void {
    this.mutate((s) => rules.moveToFolder(s, memoId, folderId));
  }

  delete(memoId: string): void {
    const now = this.phone.now;
    this.mutate((s) => rules.deleteMemo(s, memoId, now));
  }

  restore(memoId: string): void {
    this.mutate((s) => rules.restoreMemo(s, memoId));
  }

  purge(memoId: string): void {
    this.mutate((s) => rules.purgeMemo(s, memoId));
  }

  /** A new folder, or the reason it cannot be made. */
  addFolder(name: string): { id: string } | { error: string } {
    const error = rules.folderNameProblem(this.state, name);
    if (error) return { error };
    return { id: this.mutate((s) => rules.addFolder(s, name).id) };
  }

  renameFolder(folderId: string, name: string): { id: string } | { error: string } {
    const error = rules.folderNameProblem(this.state, name, folderId);
    if (error) return { error };
    this.mutate((s) => rules.renameFolder(s, folderId, name));
    return { id: folderId };
  }

  deleteFolder(folderId: string): void {
    this.mutate((s) => rules.deleteFolder(s, folderId));
  }

  setLayout(layout: MemoLayout): void {
    if (this.state.layout !== layout) this.mutate((s) => rules.setLayout(s, layout));
  }

  setSort(sort: MemoSort): void {
    if (this.state.sort !== sort) this.mutate((s) => rules.setSort(s, sort));
  }

  // --- other apps -------------------------------------------------------------------------------

  shareTargets(): ShareTarget[] {
    const chat = this.phone.app<ChatState>('chat');
    return chat ? shareTargets(chat as unknown as ChatState) : [];
  }

  /** 分享到轻聊: the memo as a card (its title, and its text as the subtitle). */
  share(memoId: string, chatId: string): boolean {
    const memo = rules.findMemo(this.state, memoId);
    if (!memo || !this.shareTargets().some((t) => t.chatId === chatId)) return false;
    const card = { app: rules.MEMOS_APP_ID, title: rules.memoTitle(memo), subtitle: rules.memoText(memo).split('\n').slice(1).join(' ').slice(0, 120), ref: memoPath(memo.id) };
    const now = this.phone.now;
    this.phone.update((state) => shareToChat(state.apps.chat as unknown as ChatState, { chatId, card, now }));
    return true;
  }

  hasCalendar(): boolean {
    return this.phone.app<CalendarState>('calendar') !== undefined;
  }

  /** 添加到日历: a new event from a memo line; the reason when the form is not complete. */
  addToCalendar(draft: EventDraft): string | null {
    const error = draftError(draft);
    if (error) return error;
    if (!this.hasCalendar()) return '没有日历应用';
    this.phone.update((state) => addEvent(state.apps.calendar as unknown as CalendarState, draft));
    return null;
  }
}
