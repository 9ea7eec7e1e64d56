/**
 * 相册's actions: each applies a pure rule from ./logic.ts through `phone.update`. A refused action
 * never calls `update` (the rules check before they change anything, and the model checks first
 * where a rule would throw); it returns the reason for the screen's toast instead. Sharing goes
 * through 轻聊's own `shareToChat` (a card per photo, ref `/photo/<id>`); 分享 → 小橙书 opens 小橙书's
 * editor with the photo as the new note's picture (nothing changes until the user publishes there).
 *
 * Transient UI memory (an edit not saved yet) lives outside the state tree, per phone and epoch.
 */
import { shareTargets, shareToChat, type ShareTarget } from '../chat/share.ts';
import type { ChatState } from '../chat/types.ts';
import { AppModel, DraftMemory, perEpoch } from '../os/appModel.ts';
import type { Phone } from '../os/phone.svelte.ts';
import { notesRouteStack } from '../notes/routes.ts';
import { KIND_WORDS } from './data.ts';
import * as rules from './logic.ts';
import type { PhotosTab } from './routes.ts';
import type { PhotoEdit, PhotosState } from './types.ts';

const NOTES_APP_ID = 'notes';

interface Memory {
  edits: DraftMemory<PhotoEdit>;
}

const memoryOf = perEpoch<Memory>(rules.PHOTOS_APP_ID, () => ({ edits: new DraftMemory() }));

export class PhotosModel extends AppModel<PhotosState> {
  constructor(phone: Phone) {
    super(phone, rules.PHOTOS_APP_ID);
  }

  get s(): PhotosState {
    return this.data as unknown as PhotosState;
  }

  get edits(): DraftMemory<PhotoEdit> {
    return memoryOf(this.phone).edits;
  }

  switchTab(tab: PhotosTab): void {
    this.phone.setStack([tab]);
  }

  /** Runs a rule; a refusal comes back as its reason (nothing changed). */
  #try(fn: (s: PhotosState) => void): string | null {
    const copy = JSON.parse(JSON.stringify(this.s)) as PhotosState;
    try {
      fn(copy); // a dry run: a refusal throws before the real update
    } catch (e) {
      if (e instanceof rules.PhotosRuleError) return e.message;
      throw e;
    }
    this.mutate(fn);
    return null;
  }

  setFavorite(ids: readonly string[], on: boolean): string | null {
    return this.#try((s) => rules.setFavorite(s, ids, on));
  }

  deletePhotos(ids: readonly string[]): string | null {
    const now = this.phone.now;
    return this.#try((s) => rules.deletePhotos(s, ids, now));
  }

  restore(ids: readonly string[]): string | null {
    return this.#try((s) => rules.restorePhotos(s, ids));
  }

  purge(ids: readonly string[]): string | null {
    return this.#try((s) => rules.purgePhotos(s, ids));
  }

  createAlbum(name: string, ids: readonly string[]): { ok: true; albumId: string } | { ok: false; reason: string } {
    const now = this.phone.now;
    let albumId = '';
    const reason = this.#try((s) => (albumId = rules.createAlbum(s, name, ids, now).id));
    return reason === null ? { ok: true, albumId } : { ok: false, reason };
  }

  renameAlbum(id: string, name: string): string | null {
    return this.#try((s) => rules.renameAlbum(s, id, name));
  }

  deleteAlbum(id: string): string | null {
    return this.#try((s) => rules.deleteAlbum(s, id));
  }

  addToAlbum(id: string, ids: readonly string[]): string | null {
    return this.#try((s) => void rules.addToAlbum(s, id, ids));
  }

  removeFromAlbum(id: string, ids: readonly string[]): string | null {
    return this.#try((s) => rules.removeFromAlbum(s, id, ids));
  }

  saveEdit(id: string, edit: PhotoEdit): string | null {
    const reason = this.#try((s) => rules.saveEdit(s, id, edit));
    if (reason === null) this.edits.drop(id);
    return reason;
  }

  rememberSearch(q: string): void {
    if (q.trim() !== '' && this.s.searches[0] !== q.trim()) this.mutate((s) => rules.rememberSearch(s, q));
  }

  clearSearches(): void {
    if (this.s.searches.length) this.mutate((s) => rules.clearSearches(s));
  }

  // --- other apps --------------------------------------------------------------------------------

  shareTargets(): ShareTarget[] {
    const chat = this.phone.app<ChatState>('chat');
    return chat ? shareTargets(chat as unknown as ChatState) : [];
  }

  /** The card a photo is shared as: what it shows, and when and where it was taken. */
  card(photoId: string): { title: string; subtitle: string } | null {
    const p = rules.photoById(this.s, photoId);
    if (!p) return null;
    const place = rules.placeById(this.s, p.placeId);
    return { title: `[照片] ${place ? place.name : KIND_WORDS[p.kind]}`, subtitle: rules.takenText(p, this.phone.timezone) };
  }

  /** Whether 小橙书 is on the phone to share into. */
  canShareToNotes(): boolean {
    return this.phone.app(NOTES_APP_ID) !== undefined;
  }

  /** 分享 → 小橙书: its 发布笔记 screen opens with this photo as the new note's picture. */
  shareToNotes(photoId: string): boolean {
    const p = rules.photoById(this.s, photoId);
    if (!p || p.deletedAt !== null || !this.canShareToNotes()) return false;
    this.phone.openApp(NOTES_APP_ID);
    this.phone.setStack(notesRouteStack(`/publish?photo=${photoId}`));
    return true;
  }

  /** 分享 → a chat: one card message per photo, in the order given. */
  share(chatId: string, ids: readonly string[]): boolean {
    if (ids.length === 0 || !this.shareTargets().some((t) => t.chatId === chatId)) return false;
    const cards = ids.map((id) => ({ id, card: this.card(id) }));
    if (cards.some((c) => c.card === null)) return false;
    const now = this.phone.now;
    this.phone.update((state) => {
      for (const { id, card } of cards) shareToChat(state.apps.chat as unknown as ChatState, { chatId, card: { app: rules.PHOTOS_APP_ID, title: card!.title, subtitle: card!.subtitle, ref: `/photo/${id}` }, now });
    });
    return true;
  }
}
