/**
 * The chat app's screens and their paths. Pure: the shell, the seed and the tests use it
 * without Svelte. A path is what `Route.path` carries while the chat app is in front.
 */
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
  | { screen: 'notFound'; path: string };

export const CHAT_ROOT = '/chats';
export const TAB_PATHS = ['/chats', '/contacts', '/me'] as const;
export type TabPath = (typeof TAB_PATHS)[number];

const ID = '([A-Za-z0-9_-]+)';
const patterns: [RegExp, (m: RegExpMatchArray) => ChatScreen][] = [
  [/^\/chats$/, () => ({ screen: 'chats' })],
  [/^\/contacts$/, () => ({ screen: 'contacts' })],
  [/^\/me$/, () => ({ screen: 'me' })],
  [/^\/search$/, () => ({ screen: 'search' })],
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
  for (const [re, make] of patterns) {
    const m = path.match(re);
    if (m) return make(m);
  }
  return { screen: 'notFound', path };
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
    case 'me':
      return [path];
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
