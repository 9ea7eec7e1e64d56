/**
 * 律动's actions: each applies a pure rule from ./logic.ts through `phone.update` at the virtual
 * clock's now. A refused action (a taken playlist name, a song already there) never calls
 * `update`; it returns the reason for the screen's toast instead.
 *
 * Per-episode UI memory (the search box's words) lives outside the state tree, per
 * phone and epoch, under the app's id: a reset forgets it.
 */
import { AppModel, perEpoch } from '../os/appModel.ts';
import type { Phone } from '../os/phone.svelte.ts';
import type { ChatState, MessageCard } from '../chat/types.ts';
import { shareTargets, shareToChat, type ShareTarget } from '../chat/share.ts';
import * as rules from './logic.ts';
import * as library from './library.ts';
import { albumPath } from './routes.ts';
import type { MusicState, PlayMode } from './types.ts';

interface Memory {
  /** The search box's words (kept while the tab is away). */
  query: string;
}

const memoryOf = perEpoch<Memory>('music', () => ({ query: '' }));

export type Refusal = string | null;

export class MusicModel extends AppModel<MusicState> {
  constructor(phone: Phone) {
    super(phone, rules.MUSIC_APP_ID);
  }

  get state(): MusicState {
    return this.data as unknown as MusicState;
  }

  get memory(): Memory {
    return memoryOf(this.phone);
  }

  private act(fn: (s: MusicState, now: number) => void): void {
    const now = this.phone.now;
    this.mutate((s) => fn(s, now));
  }

  playList(songIds: readonly string[], start: number): void {
    this.act((s, now) => rules.playList(s, songIds, start, now));
  }

  playSong(songId: string): void {
    this.act((s, now) => rules.playSong(s, songId, now));
  }

  togglePlay(): void {
    this.act((s, now) => rules.togglePlay(s, now));
  }

  next(): void {
    this.act((s, now) => rules.next(s, now));
  }

  previous(): void {
    this.act((s, now) => rules.previous(s, now));
  }

  setMode(mode: PlayMode): void {
    this.act((s) => rules.setMode(s, mode));
  }

  playNext(songId: string): void {
    this.act((s) => rules.playNext(s, songId));
  }

  /** Returns the toast: added, or already queued. */
  addToQueue(songId: string): string {
    if (this.state.queue.includes(songId)) return '已在播放列表中';
    this.act((s) => rules.addToQueue(s, songId));
    return '已添加到播放列表';
  }

  removeFromQueue(songId: string): void {
    this.act((s, now) => rules.removeFromQueue(s, songId, now));
  }

  clearQueue(): void {
    this.act((s) => rules.clearQueue(s));
  }

  toggleLike(songId: string): boolean {
    return this.mutate((s) => library.toggleLike(s, songId));
  }

  /** The new playlist's id, or the reason it was refused. */
  createPlaylist(name: string): { ok: true; id: string } | { ok: false; reason: string } {
    const problem = library.playlistNameProblem(this.state, name);
    if (problem) return { ok: false, reason: problem };
    return { ok: true, id: this.mutate((s) => library.createPlaylist(s, name)).id };
  }

  renamePlaylist(id: string, name: string): Refusal {
    const problem = library.playlistNameProblem(this.state, name, id);
    if (problem) return problem;
    this.mutate((s) => library.renamePlaylist(s, id, name));
    return null;
  }

  deletePlaylist(id: string): void {
    this.mutate((s) => library.deletePlaylist(s, id));
  }

  /** Returns the toast: added, or already there. */
  addToPlaylist(id: string, songId: string): string {
    const there = id === rules.LIKED_ID ? rules.isLiked(this.state, songId) : rules.playlistById(this.state, id)?.songIds.includes(songId);
    if (there) return '歌曲已在歌单中';
    this.mutate((s) => library.addToPlaylist(s, id, songId));
    return '已收藏到歌单';
  }

  removeFromPlaylist(id: string, songId: string): void {
    this.mutate((s) => library.removeFromPlaylist(s, id, songId));
  }

  moveInPlaylist(id: string, from: number, to: number): void {
    this.mutate((s) => library.moveInPlaylist(s, id, from, to));
  }

  rememberSearch(query: string): void {
    if (query.trim() === '' || this.state.searchHistory[0] === query.trim()) return;
    this.mutate((s) => library.rememberSearch(s, query));
  }

  clearSearchHistory(): void {
    this.mutate((s) => library.clearSearchHistory(s));
  }

  // --- sharing -----------------------------------------------------------------------------------

  /** The chats and groups a song can go to (empty without the chat app). */
  shareTargets(): ShareTarget[] {
    const chat = this.phone.app<ChatState>('chat');
    return chat ? shareTargets(chat as unknown as ChatState) : [];
  }

  /** 分享 → a chat: a card message from me (title: the song, subtitle: its artist). */
  share(chatId: string, songId: string): boolean {
    const song = rules.songById(this.state, songId);
    if (!song || !this.shareTargets().some((t) => t.chatId === chatId)) return false;
    const card: MessageCard = { app: rules.MUSIC_APP_ID, title: song.title, subtitle: rules.artistName(this.state, song.artistId), ref: albumPath(song.albumId) };
    const now = this.phone.now;
    this.phone.update((state) => shareToChat(state.apps.chat as unknown as ChatState, { chatId, card, now }));
    return true;
  }
}
