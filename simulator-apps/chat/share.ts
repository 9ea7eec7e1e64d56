/**
 * Other apps talking into the chat app, as pure functions over `state.apps.chat` (call them inside
 * `phone.update((state) => …)` with `state.apps.chat as ChatState`):
 *
 * - `shareTargets(chat)`: the conversations a card can be sent to, most recent first, groups included.
 * - `shareToChat(chat, { chatId, card, now })`: appends a card message from me; returns its id.
 * - `deliverIncoming(chat, { chatId, from, text, now })`: a contact's message arrives (unread + 1).
 *
 * Nothing here touches the DOM or Svelte; the avatar in a target is plain data (draw it with
 * `simulator-apps/chat/ui/Avatar.svelte`, or a coloured square with the glyph).
 */
import { ChatRuleError, displayName, findContact, findThread, isGroup, lastActivity, nextMessageId, personAvatar } from './logic.ts';
import type { Avatar, ChatState, Message, MessageCard, Thread } from './types.ts';

export interface ShareTarget {
  /** `c_NN` (one-to-one) or `g_NN` (group): what `shareToChat` takes. */
  chatId: string;
  /** The contact's displayed name (remark first) or the group's name. */
  name: string;
  /** One-to-one: the contact's avatar; group: a blue square with the group name's first character. */
  avatar: Avatar;
  /** One-to-one: whose picture the avatar draws (the contact's own name, see ./logic.ts personKey); groups: null (the letter). */
  person: string | null;
  isGroup: boolean;
  /** Groups: up to 9 member avatars (me first) for a grid avatar; [] for one-to-one chats. */
  memberAvatars: Avatar[];
}

/** A group's single-square avatar. */
export function groupAvatar(name: string): Avatar {
  return { color: '#5a7db8', glyph: name.trim().charAt(0) || '群' };
}

/** Chats and groups, most recent activity first (ties by id); chats with an unknown contact are left out. */
export function shareTargets(chat: ChatState): ShareTarget[] {
  const threads: Thread[] = [...chat.chats, ...(chat.groups ?? [])];
  const sorted = threads.slice().sort((a, b) => lastActivity(b) - lastActivity(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const out: ShareTarget[] = [];
  for (const t of sorted) {
    if (isGroup(t)) {
      out.push({
        chatId: t.id,
        name: t.name,
        avatar: groupAvatar(t.name),
        person: null,
        isGroup: true,
        memberAvatars: ['me', ...t.members].slice(0, 9).map((id) => personAvatar(chat, id)),
      });
    } else {
      const c = findContact(chat, t.contactId);
      if (!c) continue;
      out.push({ chatId: t.id, name: displayName(c), avatar: c.avatar, person: c.name, isGroup: false, memberAvatars: [] });
    }
  }
  return out;
}

/** The text a card message carries (what the chat list previews and search finds). */
export function cardText(card: MessageCard): string {
  return `[分享] ${card.title}`;
}

/**
 * Appends a message from me carrying the card to a chat or group, at `now`. The conversation moves
 * to the top of the list (the list is ordered by the last message). Draft and unread stay as they are.
 * Throws `ChatRuleError` for an unknown chat id or an empty card title.
 */
export function shareToChat(chat: ChatState, req: { chatId: string; card: MessageCard; now: number }): string {
  const thread = findThread(chat, req.chatId);
  if (!thread) throw new ChatRuleError(`no chat with id "${req.chatId}"`);
  const title = req.card.title.trim();
  if (title === '') throw new ChatRuleError('a shared card needs a title');
  const card: MessageCard = { app: req.card.app, title, subtitle: req.card.subtitle.trim(), ref: req.card.ref };
  const message: Message = { id: nextMessageId(chat), from: 'me', text: cardText(card), time: req.now, card };
  thread.messages.push(message);
  return message.id;
}

/**
 * A contact's message arrives in a chat or group: appended with `from` = the contact id, `unread + 1`.
 * Throws for an unknown chat, a contact that is not the chat's contact (or not a group member), or blank text.
 */
export function deliverIncoming(chat: ChatState, req: { chatId: string; from: string; text: string; now: number }): string {
  const thread = findThread(chat, req.chatId);
  if (!thread) throw new ChatRuleError(`no chat with id "${req.chatId}"`);
  if (!findContact(chat, req.from)) throw new ChatRuleError(`no contact with id "${req.from}"`);
  if (isGroup(thread) ? !thread.members.includes(req.from) : thread.contactId !== req.from) {
    throw new ChatRuleError(`contact "${req.from}" is not in chat "${req.chatId}"`);
  }
  const text = req.text.trim();
  if (text === '') throw new ChatRuleError('an incoming message needs text');
  const message: Message = { id: nextMessageId(chat), from: req.from, text, time: req.now };
  thread.messages.push(message);
  thread.unread += 1;
  return message.id;
}
