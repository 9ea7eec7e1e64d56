/**
 * Shared pieces of the chat suite: typed access to the chat slice, samplers that pick records
 * the goal can be stated about, and oracle navigation. Files starting with `_` are not tasks.
 */
import type { OracleUi, ParamSpec, Rng } from '../../bridge/tasks/api.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import type { Chat, ChatState, Contact } from '../../simulator-apps/chat/types.ts';
import { displayName } from '../../simulator-apps/chat/logic.ts';

export { displayName };

export function chatOf(state: PhoneState): ChatState {
  return state.apps.chat as unknown as ChatState;
}

export function contactById(state: PhoneState, id: string): Contact {
  const c = chatOf(state).contacts.find((x) => x.id === id);
  if (!c) throw new Error(`no contact ${id}`);
  return c;
}

export function chatById(state: PhoneState, id: string): Chat | undefined {
  return chatOf(state).chats.find((x) => x.id === id);
}

/** Picks a chat that satisfies `where`, returning the ids and the name the agent is told. */
export function pickChat(state: PhoneState, rng: Rng, where: (c: Chat, contact: Contact) => boolean = () => true) {
  const s = chatOf(state);
  const candidates = s.chats.filter((c) => {
    const contact = s.contacts.find((x) => x.id === c.contactId);
    return contact !== undefined && where(c, contact);
  });
  if (candidates.length === 0) return null;
  const chat = rng.pick(candidates);
  const contact = s.contacts.find((x) => x.id === chat.contactId)!;
  return { chatId: chat.id, contactId: contact.id, contactName: displayName(contact) };
}

/** Parameters of a task about one chat: which chat, and the name the agent is told. */
export interface ChatParams extends Record<string, unknown> {
  chatId: string;
  contactId: string;
  contactName: string;
}

/** The `_chat` parameter: one chat satisfying `where`, spread into chatId, contactId and contactName. */
export function chatParam(where?: (c: Chat, contact: Contact, state: PhoneState) => boolean): Record<string, ParamSpec> {
  return {
    _chat: {
      sampler: (state, rng) => pickChat(state, rng, where && ((c, contact) => where(c, contact, state))),
      fields: { chatId: 'chatId', contactId: 'contactId', contactName: 'contactName' },
    },
  };
}

/** Picks a contact that satisfies `where`. Names must be unique so the goal is unambiguous. */
export function pickContact(state: PhoneState, rng: Rng, where: (c: Contact, s: ChatState) => boolean = () => true) {
  const s = chatOf(state);
  const names = new Map<string, number>();
  for (const c of s.contacts) names.set(displayName(c), (names.get(displayName(c)) ?? 0) + 1);
  const candidates = s.contacts.filter((c) => names.get(displayName(c)) === 1 && where(c, s));
  if (candidates.length === 0) return null;
  const c = rng.pick(candidates);
  return { contactId: c.id, contactName: displayName(c) };
}

// --- oracle navigation ------------------------------------------------------------------------

/** From anywhere, into the chat app's 聊天 tab. */
export async function openChatsTab(ui: OracleUi): Promise<void> {
  if (ui.route.app !== 'chat') {
    if (ui.find('app.chat')) await ui.tap('app.chat');
    else await ui.openApp('chat');
  }
  while (!['/chats', '/contacts', '/me'].includes(ui.route.path)) await ui.back();
  if (ui.route.path !== '/chats') await ui.tap('tab.chats');
}

export async function openContactsTab(ui: OracleUi): Promise<void> {
  await openChatsTab(ui);
  await ui.tap('tab.contacts');
}

/** Opens a conversation from the chat list, scrolling to its row. */
export async function openConversation(ui: OracleUi, chatId: string): Promise<void> {
  await openChatsTab(ui);
  await ui.scrollTo(`chat.item.${chatId}`);
  await ui.tap(`chat.item.${chatId}`);
}

/** Opens a contact's detail page from the contacts tab. */
export async function openContact(ui: OracleUi, contactId: string): Promise<void> {
  await openContactsTab(ui);
  await ui.scrollTo(`contact.item.${contactId}`);
  await ui.tap(`contact.item.${contactId}`);
}

export async function openChatSettings(ui: OracleUi, chatId: string): Promise<void> {
  await openConversation(ui, chatId);
  await ui.tap('chat.more');
}

/** Sets a switch on the current screen to `on` (taps only when it is not already so). */
export async function setSwitch(ui: OracleUi, key: string, on: boolean): Promise<void> {
  const node = ui.find(key);
  if (!node) throw new Error(`no switch ${key} on screen`);
  if (Boolean(node.checked) !== on) await ui.tap(key);
}

export const MESSAGE_TEXTS = ['明天下午三点见', '收到，谢谢！', '我已经到楼下了', '周末一起去爬山吗？', '文件发你邮箱了', '晚上吃火锅怎么样', '好的，没问题'] as const;
