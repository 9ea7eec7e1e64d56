/**
 * The chat app's actions: each one applies a pure rule from ./logic.ts to the phone's state
 * through `phone.update` (which bumps the revision) and navigates where a user would land.
 * Screens call these; they never write the state themselves.
 */
import type { DeepReadonly, Phone } from '../os/phone.svelte.ts';
import * as rules from './logic.ts';
import type { ChatState } from './types.ts';

export const CHAT_APP_ID = 'chat';

export class ChatModel {
  constructor(readonly phone: Phone) {}

  /** The slice, or undefined when the state has no chat app. */
  get data(): DeepReadonly<ChatState> | undefined {
    return this.phone.app<ChatState>(CHAT_APP_ID);
  }

  #mutate<R>(fn: (s: ChatState) => R): R {
    return this.phone.update((state) => fn(state.apps[CHAT_APP_ID] as unknown as ChatState));
  }

  openChat(chatId: string): void {
    const chat = this.data?.chats.find((c) => c.id === chatId);
    if (chat && chat.unread > 0) this.#mutate((s) => rules.markRead(s, chatId));
    this.phone.push(`/chat/${chatId}`);
  }

  /** 发消息 on a contact: the existing chat, or a new conversation that is created when something is typed. */
  messageContact(contactId: string): void {
    const existing = this.data?.chats.find((c) => c.contactId === contactId);
    if (existing) this.openChat(existing.id);
    else this.phone.push(`/chat/with/${contactId}`);
  }

  /** Creates the chat with a contact if needed; returns its id. */
  ensureChat(contactId: string): string {
    const existing = this.data?.chats.find((c) => c.contactId === contactId);
    if (existing) return existing.id;
    return this.#mutate((s) => rules.ensureChat(s, contactId).id);
  }

  send(chatId: string, text: string): boolean {
    if (text.trim() === '') return false;
    const now = this.phone.now;
    return this.#mutate((s) => rules.sendMessage(s, chatId, text, now)) !== null;
  }

  setDraft(chatId: string, text: string): void {
    const chat = this.data?.chats.find((c) => c.id === chatId);
    const value = text.trim() === '' ? '' : text;
    if (!chat || chat.draft === value) return;
    this.#mutate((s) => rules.setDraft(s, chatId, text));
  }

  setPinned(chatId: string, pinned: boolean): void {
    this.#mutate((s) => rules.setPinned(s, chatId, pinned));
  }

  setMuted(chatId: string, muted: boolean): void {
    this.#mutate((s) => rules.setMuted(s, chatId, muted));
  }

  markRead(chatId: string): void {
    this.#mutate((s) => rules.markRead(s, chatId));
  }

  markUnread(chatId: string): void {
    this.#mutate((s) => rules.markUnread(s, chatId));
  }

  clearHistory(chatId: string): void {
    this.#mutate((s) => rules.clearHistory(s, chatId));
  }

  deleteChat(chatId: string): void {
    this.#mutate((s) => rules.deleteChat(s, chatId));
  }

  setRemark(contactId: string, remark: string): void {
    this.#mutate((s) => rules.setRemark(s, contactId, remark));
  }

  setStarred(contactId: string, starred: boolean): void {
    this.#mutate((s) => rules.setStarred(s, contactId, starred));
  }

  setMyName(name: string): void {
    this.#mutate((s) => rules.setMyName(s, name));
  }

  setMySignature(signature: string): void {
    this.#mutate((s) => rules.setMySignature(s, signature));
  }
}
