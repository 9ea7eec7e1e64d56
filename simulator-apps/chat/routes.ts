/**
 * The chat app's screens and their paths. Pure: the shell, the seed and the tests use it
 * without Svelte. A path is what `Route.path` carries while the chat app is in front.
 */
import { stackFromParents } from '../shared/routeStack.ts';
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

/** The screen a screen is reached from (null: it is a tab's root). */
function parentOf(s: ChatScreen): string | null {
  switch (s.screen) {
    case 'chats':
    case 'contacts':
    case 'discover':
    case 'me':
      return null;
    case 'search':
    case 'conversation':
    case 'notFound':
      return CHAT_ROOT;
    case 'transfer':
    case 'transferDetail':
    case 'chatSettings':
      return `/chat/${s.chatId}`;
    case 'groupSettings':
      return `/chat/${s.groupId}`;
    case 'groupEdit':
    case 'groupAdd':
    case 'groupRemove':
      return `/chat/${s.groupId}/settings`;
    case 'newGroup':
    case 'contact':
    case 'starred':
      return '/contacts';
    case 'newConversation':
    case 'contactSettings':
    case 'remark':
      return `/contact/${s.contactId}`;
    case 'moments':
      return '/discover';
    case 'newMoment':
      return '/moments';
    case 'userMoments':
      return s.userId === 'me' ? '/moments' : `/contact/${s.userId}`;
    case 'profile':
    case 'about':
      return '/me';
    case 'editName':
    case 'editSignature':
      return '/me/profile';
  }
}

/** The back stack a deep link implies (`/chat/c_03/settings` → chats, conversation, settings). */
export function chatRouteStack(path: string): string[] {
  return stackFromParents(path, (p) => parentOf(parseChatPath(p)));
}
