/**
 * Shared pieces of the chat suite: typed access to the chat slice, samplers that pick records
 * the goal can be stated about, and oracle navigation. Files starting with `_` are not tasks.
 */
import type { OracleUi, ParamSpec, Rng, SetupContext } from '../../bridge/tasks/api.ts';
import { criteria } from '../../bridge/tasks/api.ts';
import type { Criterion, JudgeInput } from '../../bridge/judge/judge.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import type { Chat, ChatState, Contact, Group, Message, Moment } from '../../simulator-apps/chat/types.ts';
import { displayName } from '../../simulator-apps/chat/logic.ts';
import { scrollAndTap, setSwitch } from '../_shared/ui.ts';
import { addedRecords, byId, pickOrNull, uniquelyNamed } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { paymentCriteria } from '../wallet/_helpers.ts';
import { enterPassword, walletOf } from '../wallet/_helpers.ts';

export { displayName, setSwitch };

export function chatOf(state: PhoneState): ChatState {
  return state.apps.chat as unknown as ChatState;
}

export function contactById(state: PhoneState, id: string): Contact {
  return byId(chatOf(state).contacts, id, 'contact');
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
  return spreadParam('_chat', ['chatId', 'contactId', 'contactName'], (state, rng) => pickChat(state, rng, where && ((c, contact) => where(c, contact, state))));
}

/** Picks a contact that satisfies `where`. Names must be unique so the goal is unambiguous. */
export function pickContact(state: PhoneState, rng: Rng, where: (c: Contact, s: ChatState) => boolean = () => true) {
  const s = chatOf(state);
  const c = pickOrNull(rng, uniquelyNamed(s.contacts, displayName, (x) => where(x, s)));
  return c && { contactId: c.id, contactName: displayName(c) };
}

/** The `_contact` parameter: one contact satisfying `where` (a unique name), spread into contactId and contactName. */
export function contactParam(where?: (c: Contact, s: ChatState) => boolean): Record<string, ParamSpec> {
  return spreadParam('_contact', ['contactId', 'contactName'], (state, rng) => pickContact(state, rng, where));
}

/**
 * The `_chat` parameter for a friend named as the lists show them (remark, else name), a name no
 * other contact shows (no look-alike pair, no group of that name): chatId and contactName.
 */
export function namedChatParam(): Record<string, ParamSpec> {
  return spreadParam('_chat', ['chatId', 'contactName'], (state, rng) => {
    const unique = new Set(uniquelyNamed(chatOf(state).contacts, (c) => c.remark || c.name));
    return pickChat(state, rng, (_c, contact) => unique.has(contact));
  });
}

/** Messages in a one-to-one chat whose ids it did not have at the start. */
export function addedMessages(input: JudgeInput, chatId: string): Message[] {
  return addedRecords(chatById(input.init, chatId)!.messages, chatById(input.final, chatId)!.messages);
}

/** Messages of a one-to-one chat (or a group) after as many as it had at the start. */
export function newMessages(input: JudgeInput, chatId: string): Message[] {
  const thread = (state: PhoneState) => chatById(state, chatId) ?? groupById(state, chatId);
  const before = thread(input.init)!.messages.length;
  return (thread(input.final)?.messages ?? []).slice(before);
}

/** The goal of sending `text` to a chat or group: exactly one new message from me there (`name`), with that text. */
export function sentTextCriteria(input: JudgeInput, chatId: string, text: string, name: string): Criterion[] {
  const sent = newMessages(input, chatId).filter((m) => m.from === 'me');
  return [exactlyOne(name, sent), criteria.equals('its text', sent[0]?.text ?? null, text)];
}

/** What writing in a conversation (a chat, or one of `groups`) may change: its messages and its unread count. */
export function threadChanges(id: string, list: 'chats' | 'groups' = 'chats'): string[] {
  // Writing in a thread takes the input box as it is: a seeded draft there is replaced or sent.
  return [`apps.chat.${list}[${id}].messages[*]`, `apps.chat.${list}[${id}].unread`, `apps.chat.${list}[${id}].draft`];
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

/** A chat's (or a group's) 聊天信息 screen, from the chat list. */
export async function openChatSettings(ui: OracleUi, chatId: string): Promise<void> {
  await openConversation(ui, chatId);
  await ui.tap('chat.more');
}

/** Opens a conversation, types `text` and sends it. */
export async function sendMessage(ui: OracleUi, chatId: string, text: string): Promise<void> {
  await openConversation(ui, chatId);
  await ui.type('chat.input', text);
  await ui.tap('chat.send');
}

/** 通讯录 → the contact → 备注 → `remark` → 完成. */
export async function setRemark(ui: OracleUi, contactId: string, remark: string): Promise<void> {
  await openContact(ui, contactId);
  await ui.tap('contact.remark');
  await ui.type('contact.remark.input', remark, { clear: true });
  await ui.tap('contact.remark.save');
}

/** The switches of a chat's 聊天信息 and the state field each sets. */
const CHAT_SWITCHES = { pinned: 'chat.settings.pin', muted: 'chat.settings.mute' } as const;

/**
 * The whole of a task that sets switches on one chat's 聊天信息 (置顶聊天, 消息免打扰): the `_chat`
 * parameter; each switch set the other way first, so doing nothing fails; the criteria (each
 * field as wanted) and the unread count opening the chat clears; the oracle, flipping them in
 * the order given.
 */
export function chatSwitchesTask(want: Partial<Record<keyof typeof CHAT_SWITCHES, boolean>>) {
  const fields = Object.entries(want) as [keyof typeof CHAT_SWITCHES, boolean][];
  return {
    params: { ...chatParam() },
    postSample({ state, p }: SetupContext<ChatParams>) {
      const chat = chatById(state, p.chatId)!;
      for (const [field, on] of fields) chat[field] = !on;
    },
    criteria: (p: ChatParams) => Object.fromEntries(fields.map(([field, on]) => [`apps.chat.chats[${p.chatId}].${field}`, on])),
    expectedChanges: (_input: JudgeInput, p: ChatParams) => [`apps.chat.chats[${p.chatId}].unread`],
    async oracle(ui: OracleUi, p: ChatParams) {
      await openChatSettings(ui, p.chatId);
      for (const [field, on] of fields) await setSwitch(ui, CHAT_SWITCHES[field], on);
    },
  };
}


export const MESSAGE_TEXTS = ['明天下午三点见', '收到，谢谢！', '我已经到楼下了', '周末一起去爬山吗？', '文件发你邮箱了', '晚上吃火锅怎么样', '好的，没问题'] as const;

// --- groups, moments, transfers ---------------------------------------------------------------

export function groupById(state: PhoneState, id: string): Group | undefined {
  return chatOf(state).groups.find((g) => g.id === id);
}

/** A group satisfying `where`, with a unique name so the goal is unambiguous. */
export function pickGroup(state: PhoneState, rng: Rng, where: (g: Group, s: ChatState) => boolean = () => true) {
  const s = chatOf(state);
  const g = pickOrNull(rng, uniquelyNamed(s.groups, (x) => x.name, (x) => where(x, s)));
  return g && { groupId: g.id, groupName: g.name };
}

export interface GroupParams extends Record<string, unknown> {
  groupId: string;
  groupName: string;
}

/** The `_group` parameter: one group satisfying `where` (a unique name), spread into groupId and groupName. */
export function groupParam(where?: (g: Group, s: ChatState) => boolean): Record<string, ParamSpec> {
  return spreadParam('_group', ['groupId', 'groupName'], (state, rng) => pickGroup(state, rng, where));
}

export function momentById(state: PhoneState, id: string): Moment | undefined {
  return chatOf(state).moments.find((m) => m.id === id);
}

/** Groups (or moments) in the final state that were not there at the start. */
export function newGroups(input: JudgeInput): Group[] {
  return addedRecords(chatOf(input.init).groups, chatOf(input.final).groups);
}

export function newMoments(input: JudgeInput): Moment[] {
  return addedRecords(chatOf(input.init).moments, chatOf(input.final).moments);
}

/** The newest moment by `authorId` ('me' or a contact id). */
export function latestMomentOf(state: PhoneState, authorId: string): Moment | undefined {
  return chatOf(state)
    .moments.filter((m) => m.authorId === authorId)
    .sort((a, b) => b.time - a.time)[0];
}

/** Opens 聊天信息 of a group from the chat list. */
export const openGroupSettings = openChatSettings;

/** 聊天信息 → 群聊名称 or 我在本群的昵称 → `text` → 保存. */
export async function editGroupField(ui: OracleUi, groupId: string, field: 'name' | 'nickname', text: string): Promise<void> {
  await openGroupSettings(ui, groupId);
  await ui.tap(`group.${field}`);
  await ui.type('group.edit.input', text, { clear: true });
  await ui.tap('group.edit.save');
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

/** The contact's own moments page → the moment → its 两点 menu (赞, 评论). Their latest is the first there. */
export async function openMomentMenu(ui: OracleUi, contactId: string, momentId: string): Promise<void> {
  await openUserMoments(ui, contactId);
  await scrollAndTap(ui, `moment.more.${momentId}`, 'moments.list');
}

/** The `_who` parameter: a contact (a unique name) with moments, and their newest one. */
export function latestMomentParam(): Record<string, ParamSpec> {
  return spreadParam('_who', ['contactId', 'contactName', 'momentId'], (state, rng) => {
    const c = pickContact(state, rng, (x, s) => s.moments.some((m) => m.authorId === x.id));
    return c ? { ...c, momentId: latestMomentOf(state, c.contactId)!.id } : null;
  });
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

/** Conversation → + → 转账 → amount (and note) → 转账. Stops on the transfer screen (the password sheet is up unless refused). */
export async function startChatTransfer(ui: OracleUi, chatId: string, amountText: string, note = '', check?: () => void): Promise<void> {
  await openConversation(ui, chatId);
  // A seeded draft turns ⊕ into 发送, as on a real phone: empty the box first, as a person would.
  if (ui.find('chat.send')) await ui.type('chat.input', '', { clear: true });
  await ui.tap('chat.plus.panel');
  await ui.tap('chat.panel.transfer');
  await ui.type('transfer.amount', amountText);
  if (note !== '') await ui.type('transfer.note', note);
  check?.();
  await ui.tap('transfer.submit');
}

/** The whole chat transfer: the transfer screen, then the wallet's password on the sheet. */
export async function transferInChat(ui: OracleUi, chatId: string, amountText: string, note = '', check?: () => void): Promise<void> {
  await startChatTransfer(ui, chatId, amountText, note, check);
  await enterPassword(ui, walletOf(ui.state).payPassword);
}

/** A pending transfer's bubble in its conversation → 收款. */
export async function acceptTransfer(ui: OracleUi, chatId: string, messageId: string): Promise<void> {
  await openConversation(ui, chatId);
  await scrollAndTap(ui, `chat.message.${messageId}`, 'chat.messages');
  await ui.tap('transfer.accept');
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

/** Parameters of a task about a pending transfer sent to me. */
export interface PendingTransferParams extends Record<string, unknown> {
  chatId: string;
  messageId: string;
  contactName: string;
  amount: number;
}

/** The `_t` parameter: one pending transfer sent to me, spread into chatId, messageId, contactName and amount. */
export function pendingTransferParam(): Record<string, ParamSpec> {
  return spreadParam('_t', ['chatId', 'messageId', 'contactName', 'amount'], pickPendingTransfer);
}

/** A transfer in a one-to-one chat: one 钱包 bill of `amount` (fen) with `note` to the contact, and one transfer message of that amount in the chat. */
export function chatTransferCriteria(input: JudgeInput, p: Pick<ChatParams, 'chatId' | 'contactName'>, amount: number, note: string): Criterion[] {
  const sent = newMessages(input, p.chatId).filter((m) => m.transfer);
  return [
    ...paymentCriteria(input, { counterparty: p.contactName, amount, category: '转账', note }),
    exactlyOne('one transfer message in the chat', sent),
    criteria.equals('its amount (fen)', sent[0]?.transfer?.amount ?? null, amount),
  ];
}
