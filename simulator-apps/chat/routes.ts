/**
 * The chat app's screens and their paths. Pure: the shell, the seed and the tests use it
 * without Svelte. A path is what `Route.path` carries while the chat app is in front.
 */
import { ID, matchRoute, type RoutePattern } from '../shared/routing.ts';

export type ChatScreen =
  | { screen: 'chats' }
  | { screen: 'contacts' }
  | { screen: 'me' }
  | { screen: 'search' }
  | { screen: 'conversation'; chatId: string }
  /** A conversation with a contact that has no chat yet: the chat is created by the first draft or message. */
  | { screen: 'newConversation'; contactId: string }
  | { screen: 'chatSettings'; chatId: string }
  | { screen: 'contact'; contactId: string }
  | { screen: 'contactSettings'; contactId: string }
  | { screen: 'remark'; contactId: string }
  | { screen: 'starred' }
  | { screen: 'profile' }
  | { screen: 'editName' }
  | { screen: 'editSignature' }
  | { screen: 'about' }
  | { screen: 'discover' }
  /** 聊天信息 of a group (`/chat/g_NN/settings`). */
  | { screen: 'groupSettings'; groupId: string }
  | { screen: 'groupEdit'; groupId: string; field: 'name' | 'nickname' | 'notice' }
  | { screen: 'groupAdd'; groupId: string }
  | { screen: 'groupRemove'; groupId: string }
  | { screen: 'newGroup' }
  | { screen: 'transfer'; chatId: string }
  | { screen: 'transferDetail'; chatId: string; messageId: string }
  | { screen: 'moments' }
  | { screen: 'newMoment' }
  | { screen: 'userMoments'; userId: string }
  | { screen: 'notFound'; path: string };

export const CHAT_ROOT = '/chats';
export const TAB_PATHS = ['/chats', '/contacts', '/discover', '/me'] as const;
export type TabPath = (typeof TAB_PATHS)[number];

const patterns: RoutePattern<ChatScreen>[] = [
  [/^\/chats$/, () => ({ screen: 'chats' })],
  [/^\/contacts$/, () => ({ screen: 'contacts' })],
  [/^\/me$/, () => ({ screen: 'me' })],
  [/^\/search$/, () => ({ screen: 'search' })],
  [/^\/discover$/, () => ({ screen: 'discover' })],
  [/^\/moments$/, () => ({ screen: 'moments' })],
  [/^\/moments\/new$/, () => ({ screen: 'newMoment' })],
  [new RegExp(`^/moments/user/${ID}$`), (m) => ({ screen: 'userMoments', userId: m[1] })],
  [/^\/contacts\/new-group$/, () => ({ screen: 'newGroup' })],
  [new RegExp(`^/chat/(g_[0-9]+)/settings$`), (m) => ({ screen: 'groupSettings', groupId: m[1] })],
  [new RegExp(`^/chat/(g_[0-9]+)/(name|nickname|notice)$`), (m) => ({ screen: 'groupEdit', groupId: m[1], field: m[2] as 'name' | 'nickname' | 'notice' })],
  [new RegExp(`^/chat/(g_[0-9]+)/add$`), (m) => ({ screen: 'groupAdd', groupId: m[1] })],
  [new RegExp(`^/chat/(g_[0-9]+)/remove$`), (m) => ({ screen: 'groupRemove', groupId: m[1] })],
  [new RegExp(`^/chat/${ID}/transfer$`), (m) => ({ screen: 'transfer', chatId: m[1] })],
  [new RegExp(`^/chat/${ID}/transfer/${ID}$`), (m) => ({ screen: 'transferDetail', chatId: m[1], messageId: m[2] })],
  [new RegExp(`^/chat/with/${ID}$`), (m) => ({ screen: 'newConversation', contactId: m[1] })],
  [new RegExp(`^/chat/${ID}/settings$`), (m) => ({ screen: 'chatSettings', chatId: m[1] })],
  [new RegExp(`^/chat/${ID}$`), (m) => ({ screen: 'conversation', chatId: m[1] })],
  [new RegExp(`^/contact/${ID}/remark$`), (m) => ({ screen: 'remark', contactId: m[1] })],
  [new RegExp(`^/contact/${ID}/settings$`), (m) => ({ screen: 'contactSettings', contactId: m[1] })],
  [new RegExp(`^/contact/${ID}$`), (m) => ({ screen: 'contact', contactId: m[1] })],
  [/^\/contacts\/starred$/, () => ({ screen: 'starred' })],
  [/^\/me\/profile$/, () => ({ screen: 'profile' })],
  [/^\/me\/profile\/name$/, () => ({ screen: 'editName' })],
  [/^\/me\/profile\/signature$/, () => ({ screen: 'editSignature' })],
  [/^\/me\/about$/, () => ({ screen: 'about' })],
];

export function parseChatPath(path: string): ChatScreen {
  return matchRoute(patterns, path, path);
}

export function isTabPath(path: string): path is TabPath {
  return (TAB_PATHS as readonly string[]).includes(path);
}

/**
 * The back stack a deep link implies (`/chat/c_03/settings` → chats, conversation, settings),
 * so that back from a screen reached by `reset(route)` walks up the way a user came down.
 */
export function chatRouteStack(path: string): string[] {
  const s = parseChatPath(path);
  switch (s.screen) {
    case 'chats':
    case 'contacts':
    case 'discover':
    case 'me':
      return [path];
    case 'groupSettings':
    case 'transfer':
      return [CHAT_ROOT, `/chat/${s.screen === 'groupSettings' ? s.groupId : s.chatId}`, path];
    case 'transferDetail':
      return [CHAT_ROOT, `/chat/${s.chatId}`, path];
    case 'groupEdit':
    case 'groupAdd':
    case 'groupRemove':
      return [CHAT_ROOT, `/chat/${s.groupId}`, `/chat/${s.groupId}/settings`, path];
    case 'newGroup':
      return ['/contacts', path];
    case 'moments':
      return ['/discover', path];
    case 'newMoment':
      return ['/discover', '/moments', path];
    case 'userMoments':
      return s.userId === 'me' ? ['/discover', '/moments', path] : ['/contacts', `/contact/${s.userId}`, path];
    case 'search':
    case 'conversation':
      return [CHAT_ROOT, path];
    case 'newConversation':
      return ['/contacts', `/contact/${s.contactId}`, path];
    case 'chatSettings':
      return [CHAT_ROOT, `/chat/${s.chatId}`, path];
    case 'contact':
      return ['/contacts', path];
    case 'contactSettings':
    case 'remark':
      return ['/contacts', `/contact/${s.contactId}`, path];
    case 'starred':
      return ['/contacts', path];
    case 'profile':
    case 'about':
      return ['/me', path];
    case 'editName':
    case 'editSignature':
      return ['/me', '/me/profile', path];
    case 'notFound':
      return [CHAT_ROOT, path];
  }
}
