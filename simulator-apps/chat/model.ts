/**
 * The chat app's actions: each one applies a pure rule from ./logic.ts to the phone's state
 * through `phone.update` (which bumps the revision) and navigates where a user would land.
 * Screens call these; they never write the state themselves.
 */
import { AppModel } from '../os/appModel.ts';
import type { DeepReadonly, Phone } from '../os/phone.svelte.ts';
import * as rules from './logic.ts';
import * as money from './transfer.ts';
import type { ChatState, MomentImage, Visibility } from './types.ts';
import type { WalletState } from '../wallet/types.ts';

export const CHAT_APP_ID = 'chat';

export class ChatModel extends AppModel<ChatState> {
  constructor(phone: Phone) {
    super(phone, CHAT_APP_ID);
  }

  /** The wallet slice (read only), or undefined when the phone has no wallet. */
  get wallet(): DeepReadonly<WalletState> | undefined {
    return this.phone.app<WalletState>('wallet');
  }

  openChat(chatId: string): void {
    const d = this.data;
    const chat = d ? [...d.chats, ...d.groups].find((c) => c.id === chatId) : undefined;
    if (chat && chat.unread > 0) this.mutate((s) => rules.markThreadRead(s, chatId));
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
    return this.mutate((s) => rules.ensureChat(s, contactId).id);
  }

  send(chatId: string, text: string): boolean {
    if (text.trim() === '') return false;
    const now = this.phone.now;
    return this.mutate((s) => rules.sendToThread(s, chatId, text, now)) !== null;
  }

  setDraft(chatId: string, text: string): void {
    const d = this.data;
    const chat = d ? [...d.chats, ...d.groups].find((c) => c.id === chatId) : undefined;
    const value = text.trim() === '' ? '' : text;
    if (!chat || chat.draft === value) return;
    this.mutate((s) => rules.setThreadDraft(s, chatId, text));
  }

  setPinned(chatId: string, pinned: boolean): void {
    this.mutate((s) => rules.setThreadFlag(s, chatId, 'pinned', pinned));
  }

  setMuted(chatId: string, muted: boolean): void {
    this.mutate((s) => rules.setThreadFlag(s, chatId, 'muted', muted));
  }

  markRead(chatId: string): void {
    this.mutate((s) => rules.markThreadRead(s, chatId));
  }

  markUnread(chatId: string): void {
    this.mutate((s) => rules.markThreadUnread(s, chatId));
  }

  clearHistory(chatId: string): void {
    this.mutate((s) => rules.clearThread(s, chatId));
  }

  deleteChat(chatId: string): void {
    this.mutate((s) => rules.deleteChat(s, chatId));
  }

  setRemark(contactId: string, remark: string): void {
    this.mutate((s) => rules.setRemark(s, contactId, remark));
  }

  setStarred(contactId: string, starred: boolean): void {
    this.mutate((s) => rules.setStarred(s, contactId, starred));
  }

  setMyName(name: string): void {
    this.mutate((s) => rules.setMyName(s, name));
  }

  setMySignature(signature: string): void {
    this.mutate((s) => rules.setMySignature(s, signature));
  }

  // Groups

  /** 发起群聊 → 完成: creates the group and opens it in place of the picker. */
  createGroup(memberIds: readonly string[]): string {
    const id = this.mutate((s) => rules.createGroup(s, memberIds).id);
    this.phone.setStack(['/chats', `/chat/${id}`]);
    return id;
  }

  renameGroup(groupId: string, name: string): void {
    this.mutate((s) => rules.renameGroup(s, groupId, name));
  }

  setGroupNickname(groupId: string, nickname: string): void {
    this.mutate((s) => rules.setGroupNickname(s, groupId, nickname));
  }

  setAnnouncement(groupId: string, text: string): void {
    this.mutate((s) => rules.setAnnouncement(s, groupId, text));
  }

  addMembers(groupId: string, contactIds: readonly string[]): void {
    if (contactIds.length === 0) return;
    this.mutate((s) => rules.addMembers(s, groupId, contactIds));
  }

  removeMembers(groupId: string, contactIds: readonly string[]): void {
    if (contactIds.length === 0) return;
    this.mutate((s) => {
      for (const id of contactIds) rules.removeMember(s, groupId, id);
    });
  }

  leaveGroup(groupId: string): void {
    this.mutate((s) => rules.leaveGroup(s, groupId));
    this.phone.setStack(['/chats']);
  }

  // Moments

  toggleLike(momentId: string): void {
    this.mutate((s) => rules.toggleLike(s, momentId));
  }

  comment(momentId: string, text: string, replyTo: string): boolean {
    if (text.trim() === '') return false;
    const now = this.phone.now;
    return this.mutate((s) => rules.addComment(s, { momentId, text, replyTo, now })) !== null;
  }

  deleteComment(momentId: string, commentId: string): void {
    this.mutate((s) => rules.deleteComment(s, momentId, commentId));
  }

  postMoment(text: string, images: MomentImage[], visibility: Visibility): boolean {
    if (text.trim() === '' && images.length === 0) return false;
    const now = this.phone.now;
    return this.mutate((s) => rules.postMoment(s, { text, images, visibility, now })) !== null;
  }

  deleteMoment(momentId: string): void {
    this.mutate((s) => rules.deleteMoment(s, momentId));
  }

  // Transfers (chat + wallet in one update)

  sendTransfer(req: { chatId: string; amount: number; note: string; password: string }): money.TransferResult {
    const now = this.phone.now;
    const pre = money.checkTransfer(this.wallet, req.amount);
    if (pre) return { ok: false, reason: pre };
    if (this.wallet && this.wallet.payPassword !== req.password) return { ok: false, reason: 'password' };
    return this.phone.update((state) =>
      money.sendTransfer(state.apps[CHAT_APP_ID] as unknown as ChatState, state.apps.wallet as unknown as WalletState | undefined, { ...req, now }),
    );
  }

  acceptTransfer(chatId: string, messageId: string): money.TransferResult {
    const now = this.phone.now;
    const m = this.data?.chats.find((c) => c.id === chatId)?.messages.find((x) => x.id === messageId);
    if (!m?.transfer || m.from === 'me' || m.transfer.status !== 'pending') return { ok: false, reason: 'transfer' };
    if (!this.wallet) return { ok: false, reason: 'wallet' };
    return this.phone.update((state) =>
      money.acceptTransfer(state.apps[CHAT_APP_ID] as unknown as ChatState, state.apps.wallet as unknown as WalletState | undefined, { chatId, messageId, now }),
    );
  }
}
