/**
 * 小橙书's actions: each applies a pure rule from ./logic.ts through `phone.update` and navigates
 * where a user would land. Screens call these; they never write the state themselves. A refused
 * action never calls `update`, so the state (and its revision) stays exactly as it was.
 *
 * Transient UI memory (each tab's back stack, the editor's unsaved text) lives here, outside the
 * state tree, per phone and epoch: a reset forgets it.
 */
import { AppModel, DraftMemory, TabStacks, perEpoch } from '../os/appModel.ts';
import type { Phone } from '../os/phone.svelte.ts';
import type { ChatState } from '../chat/types.ts';
import { shareTargets, shareToChat, type ShareTarget } from '../chat/share.ts';
import * as rules from './logic.ts';
import { NOTES_ROOT, resultsPath, tabOf, type NotesTab } from './routes.ts';
import type { NotesState, NotificationKind } from './types.ts';

export const NOTES_APP_ID = 'notes';

interface Memory {
  tabs: TabStacks<NotesTab>;
  editors: DraftMemory<rules.EditorDraft>;
  searchText: string;
}

const memoryOf = perEpoch<Memory>('notes', () => ({ tabs: new TabStacks(), editors: new DraftMemory(), searchText: '' }));

export class NotesModel extends AppModel<NotesState> {
  constructor(phone: Phone) {
    super(phone, NOTES_APP_ID);
  }

  get #memory(): Memory {
    return memoryOf(this.phone);
  }

  /** Runs a rule on a copy first: a refusal leaves the state (and its revision) untouched. */
  #tryMutate(fn: (s: NotesState) => rules.Refusal | null): rules.Refusal | null {
    const copy = JSON.parse(JSON.stringify(this.data)) as NotesState;
    const dry = fn(copy);
    if (dry) return dry;
    return this.mutate(fn);
  }

  #stack(): string[] {
    return [...(this.phone.nav.stacks[NOTES_APP_ID] ?? [NOTES_ROOT])];
  }

  // --- navigation ------------------------------------------------------------------------------

  /** Bottom tabs: each keeps its own stack. Tapping the tab in front goes to its root. */
  switchTab(tab: NotesTab): void {
    const stack = this.#stack();
    const current = tabOf(stack[0] ?? NOTES_ROOT);
    if (tab === current) {
      if (stack.length > 1) this.phone.setStack([stack[0]]);
      return;
    }
    this.#memory.tabs.switchTo(this.phone, current, stack, tab);
  }

  /** Whether a path is still somewhere a user can come back to. */
  isReachable(path: string): boolean {
    return this.#memory.tabs.isReachable(this.#stack(), path);
  }

  // --- transient memory --------------------------------------------------------------------------

  /** Unsaved note editors, by draft id (or `new`). */
  get editors(): DraftMemory<rules.EditorDraft> {
    return this.#memory.editors;
  }

  get searchText(): string {
    return this.#memory.searchText;
  }

  set searchText(v: string) {
    this.#memory.searchText = v;
  }

  // --- state changes -----------------------------------------------------------------------------

  toggleLike(noteId: string): rules.Refusal | null {
    return this.#tryMutate((s) => rules.toggleLike(s, noteId));
  }

  collect(noteId: string, boardId: string): rules.Refusal | null {
    return this.#tryMutate((s) => rules.collect(s, noteId, boardId));
  }

  uncollect(noteId: string): rules.Refusal | null {
    return this.#tryMutate((s) => rules.uncollect(s, noteId));
  }

  createBoard(name: string): { id: string } | { error: string } {
    const copy = JSON.parse(JSON.stringify(this.data)) as NotesState;
    const dry = rules.createBoard(copy, name);
    if ('error' in dry) return dry;
    return this.mutate((s) => rules.createBoard(s, name));
  }

  comment(noteId: string, text: string): rules.Refusal | null {
    const now = this.phone.now;
    const copy = JSON.parse(JSON.stringify(this.data)) as NotesState;
    const dry = rules.addComment(copy, noteId, text, now);
    if ('refusal' in dry) return dry.refusal;
    this.mutate((s) => rules.addComment(s, noteId, text, now));
    return null;
  }

  toggleCommentLike(noteId: string, commentId: string): void {
    this.#tryMutate((s) => rules.toggleCommentLike(s, noteId, commentId));
  }

  setFollow(authorId: string, follow: boolean): rules.Refusal | null {
    const a = this.data?.authors.find((x) => x.id === authorId);
    if (a && a.followed === follow) return null;
    return this.#tryMutate((s) => rules.setFollow(s, authorId, follow));
  }

  /** 取消关注 asks first. */
  async unfollowWithConfirm(authorId: string): Promise<void> {
    const ok = await this.phone.confirm({ message: '确定不再关注？', confirmText: '不再关注', cancelText: '取消', danger: true });
    if (ok) this.setFollow(authorId, false);
  }

  /** Runs a search: remembered in the history, then the results page. */
  search(query: string, replace = false): void {
    const q = query.trim();
    if (q === '') return;
    if (!this.data?.searchHistory.length || this.data.searchHistory[0] !== q) this.mutate((s) => rules.addSearchHistory(s, q));
    this.searchText = q;
    const path = resultsPath({ q, tab: 'all', category: null, time: '不限', sort: '综合' });
    if (replace) this.phone.replace(path);
    else this.phone.push(path);
  }

  clearHistory(): void {
    if (this.data?.searchHistory.length) this.mutate((s) => rules.clearSearchHistory(s));
  }

  updateProfile(nickname: string, bio: string): rules.Refusal | null {
    return this.#tryMutate((s) => rules.updateProfile(s, nickname, bio));
  }

  publish(draft: rules.EditorDraft, fromDraftId: string | null): { noteId: string } | { refusal: rules.Refusal } {
    const bad = rules.editorError(draft);
    if (bad) return { refusal: bad };
    const now = this.phone.now;
    const r = this.mutate((s) => rules.publish(s, draft, now, fromDraftId));
    return 'note' in r ? { noteId: r.note.id } : r;
  }

  saveDraft(draft: rules.EditorDraft, draftId: string | null): string {
    const now = this.phone.now;
    return this.mutate((s) => rules.saveDraft(s, draft, now, draftId));
  }

  deleteDraft(draftId: string): void {
    this.mutate((s) => rules.deleteDraft(s, draftId));
  }

  markSeen(kind: NotificationKind): void {
    const d = this.data;
    if (d && rules.unseen(d as NotesState, kind) > 0) {
      const now = this.phone.now;
      this.mutate((s) => rules.markSeen(s, kind, now));
    }
  }

  // --- sharing into 轻聊 -------------------------------------------------------------------------

  shareTargets(): ShareTarget[] {
    const chat = this.phone.app<ChatState>('chat');
    return chat ? shareTargets(chat as ChatState) : [];
  }

  /** Sends the note as a card into a chat; returns false when there is no such note or chat. */
  share(noteId: string, chatId: string): boolean {
    const d = this.data;
    const note = d?.notes.find((n) => n.id === noteId);
    if (!d || !note || note.deleted || !this.shareTargets().some((t) => t.chatId === chatId)) return false;
    const author = rules.personOf(d as NotesState, note.authorId);
    const now = this.phone.now;
    this.phone.update((state) => {
      shareToChat(state.apps.chat as unknown as ChatState, { chatId, card: { app: NOTES_APP_ID, title: note.title || note.body.slice(0, 20), subtitle: `${author.nickname}的小橙书笔记`, ref: noteId }, now });
    });
    return true;
  }
}
