/**
 * Shared pieces of the chat suite: typed access to the chat slice, samplers that pick records
 * the goal can be stated about, and oracle navigation. Files starting with `_` are not tasks.
 */
import type { OracleUi, ParamSpec, Rng } from '../../bridge/tasks/api.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import type { Chat, ChatState, Contact, Group, Moment } from '../../simulator-apps/chat/types.ts';
import { displayName } from '../../simulator-apps/chat/logic.ts';
import { setSwitch } from '../_shared/ui.ts';

export { displayName, setSwitch };

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

const CHAT_TABS = ['/chats', '/contacts', '/discover', '/me'];

/** From anywhere, into the chat app's 聊天 tab. */
export async function openChatsTab(ui: OracleUi): Promise<void> {
  if (ui.route.app !== 'chat') {
    if (ui.find('app.chat')) await ui.tap('app.chat');
    else await ui.openApp('chat');
  }
  for (let i = 0; i < 12 && !CHAT_TABS.includes(ui.route.path); i++) await ui.back();
  if (!CHAT_TABS.includes(ui.route.path)) throw new Error(`could not get back to the chat tabs (route ${ui.route.app}${ui.route.path})`);
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


export const MESSAGE_TEXTS = ['明天下午三点见', '收到，谢谢！', '我已经到楼下了', '周末一起去爬山吗？', '文件发你邮箱了', '晚上吃火锅怎么样', '好的，没问题'] as const;

// --- groups, moments, transfers ---------------------------------------------------------------

export function groupById(state: PhoneState, id: string): Group | undefined {
  return chatOf(state).groups.find((g) => g.id === id);
}

/** A group satisfying `where`, with a unique name so the goal is unambiguous. */
export function pickGroup(state: PhoneState, rng: Rng, where: (g: Group, s: ChatState) => boolean = () => true) {
  const s = chatOf(state);
  const candidates = s.groups.filter((g) => s.groups.filter((x) => x.name === g.name).length === 1 && where(g, s));
  if (candidates.length === 0) return null;
  const g = rng.pick(candidates);
  return { groupId: g.id, groupName: g.name };
}

export interface GroupParams extends Record<string, unknown> {
  groupId: string;
  groupName: string;
}

export function groupParam(where?: (g: Group, s: ChatState) => boolean): Record<string, ParamSpec> {
  return { _group: { sampler: (state, rng) => pickGroup(state, rng, where), fields: { groupId: 'groupId', groupName: 'groupName' } } };
}

/** The newest moment by `authorId` ('me' or a contact id). */
export function latestMomentOf(state: PhoneState, authorId: string): Moment | undefined {
  return chatOf(state)
    .moments.filter((m) => m.authorId === authorId)
    .sort((a, b) => b.time - a.time)[0];
}

/** Opens 聊天信息 of a group from the chat list. */
export async function openGroupSettings(ui: OracleUi, groupId: string): Promise<void> {
  await openConversation(ui, groupId);
  await ui.tap('chat.more');
}

/** 发现 → 朋友圈. */
export async function openMoments(ui: OracleUi): Promise<void> {
  await openChatsTab(ui);
  await ui.tap('tab.discover');
  await ui.tap('discover.moments');
}

/** A contact's own moments page: 通讯录 → contact → 朋友圈. */
export async function openUserMoments(ui: OracleUi, contactId: string): Promise<void> {
  await openContact(ui, contactId);
  await ui.tap('contact.moments');
}

/** Leaves the moments screens for the 聊天 tab (so any later navigation starts from a tab). */
export async function backToChats(ui: OracleUi): Promise<void> {
  await openChatsTab(ui);
}

/** Contacts whose displayed names differ from every other contact's only by one look-alike character. */
export const LOOKALIKE_NAMES: readonly [string, string][] = [
  ['王晓雨', '王小雨'],
  ['张伟', '张玮'],
  ['李娜', '李娜娜'],
  ['陈静', '陈晶'],
  ['刘洋', '刘阳'],
];

export function isLookalike(name: string): boolean {
  return LOOKALIKE_NAMES.some((pair) => pair.includes(name));
}

// --- transfers (chat + wallet) ------------------------------------------------------------------

export async function enterPayPassword(ui: OracleUi, password: string): Promise<void> {
  for (const d of password) await ui.tap(`wallet.key.${d}`);
}

/** Conversation → + → 转账 → amount (and note) → 转账. Stops on the transfer screen (the password sheet is up unless refused). */
export async function startChatTransfer(ui: OracleUi, chatId: string, amountText: string, note = '', check?: () => void): Promise<void> {
  await openConversation(ui, chatId);
  await ui.tap('chat.plus.panel');
  await ui.tap('chat.panel.transfer');
  await ui.type('transfer.amount', amountText);
  if (note !== '') await ui.type('transfer.note', note);
  check?.();
  await ui.tap('transfer.submit');
}

/** The seed leaves two pending transfers sent to me; the task names the sender. */
export function pickPendingTransfer(state: PhoneState, rng: Rng) {
  const s = chatOf(state);
  const pending = s.chats.flatMap((c) => c.messages.filter((m) => m.from !== 'me' && m.transfer?.status === 'pending').map((m) => ({ c, m })));
  if (pending.length === 0) return null;
  const { c, m } = rng.pick(pending);
  const contact = s.contacts.find((x) => x.id === c.contactId)!;
  if (s.contacts.filter((x) => displayName(x) === displayName(contact)).length !== 1) return null;
  return { chatId: c.id, messageId: m.id, contactName: displayName(contact), amount: m.transfer!.amount };
}
