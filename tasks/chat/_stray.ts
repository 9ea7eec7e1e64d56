/**
 * The chat app's stray changes for `phonegym verify` (docs/verify.md), in order of preference: my
 * signature, a star on a contact, a like on a moment and 消息免打扰 on a group, the last three on
 * records the task's parameters do not mention. Each drives the UI from any screen, walking back
 * to the chat app's tabs first.
 */
import type { OracleUi, StrayChange } from '../../bridge/tasks/types.ts';
import type { ChatState, Contact } from '../../simulator-apps/chat/types.ts';
import { contactSections, displayName, momentFeed } from '../../simulator-apps/chat/logic.ts';
import { overlaid, sliceStray, type StrayApp, walkBack } from '../_shared/stray.ts';
import { scrollAndTap, setSwitch } from '../_shared/ui.ts';

const TABS = ['/chats', '/contacts', '/discover', '/me'];

const CHAT: StrayApp<ChatState> = { app: 'chat', has: (s) => s.me && Array.isArray(s.contacts) && Array.isArray(s.moments) && Array.isArray(s.groups) };

/** Dismisses menus and dialogs, then walks back (reopening the app if back leaves it) to a tab. */
async function toChatTab(ui: OracleUi, tab: 'tab.chats' | 'tab.contacts' | 'tab.discover' | 'tab.me'): Promise<void> {
  await walkBack(ui, 'chat', "the chat app's tabs", () => {
    if (overlaid(ui, ['dialog'], (k) => k.startsWith('dialog.') || k.startsWith('chat.menu.'))) return 'back';
    if (ui.route.app !== 'chat') return 'open';
    return TABS.includes(ui.route.path) ? null : 'back';
  });
  if (!ui.find(tab)?.selected) await ui.tap(tab);
}

/** The stray signature: never one of the seed's signatures, at most 30 characters (the editor's limit). */
export const STRAY_SIGNATURE = '校验用的临时签名';

/**
 * 我 → 个人信息 → 个性签名 → a new text → 完成. Writes `apps.chat.me.signature`, which no chat task
 * reads or declares: the tasks are about chats, contacts' remarks and read-only lookups.
 */
const signature = sliceStray(CHAT, 'chat.signature', (chat) => {
  const text = chat.me.signature === STRAY_SIGNATURE ? `${STRAY_SIGNATURE}！` : STRAY_SIGNATURE;
  return {
    path: 'apps.chat.me.signature',
    description: `我 → 个人信息 → 个性签名 → "${text}"`,
    apply(draft) {
      draft.me.signature = text;
    },
    async run(ui) {
      await toChatTab(ui, 'tab.me');
      await ui.tap('me.info');
      await ui.tap('me.profile.signature');
      await ui.type('me.edit.input', text, { clear: true });
      await ui.tap('me.edit.save');
    },
  };
});

/**
 * 通讯录 → a contact the task does not mention → ⋯ → 设为星标朋友 (toggled). Writes
 * `apps.chat.contacts[<id>].starred`. The contact is the first in list order whose id, name,
 * remark and chats appear in none of the task's parameters.
 */
const starContact = sliceStray(CHAT, 'chat.star', (chat, taken) => {
  const chatIds = (c: Contact) => chat.chats.filter((x) => x.contactId === c.id).map((x) => x.id);
  const free = (c: Contact) => ![c.id, c.name, c.remark, displayName(c), ...chatIds(c)].some((s) => s !== '' && taken.has(s));
  const contact = contactSections(chat.contacts).flatMap((s) => s.contacts).find(free);
  if (!contact) return null;
  const starred = !contact.starred;
  const id = contact.id;
  return {
    path: `apps.chat.contacts[${id}].starred`,
    description: `通讯录 → ${displayName(contact)} → 资料设置 → 设为星标朋友 ${starred ? 'on' : 'off'}`,
    apply(draft) {
      draft.contacts.find((c) => c.id === id)!.starred = starred;
    },
    async run(ui) {
      await toChatTab(ui, 'tab.contacts');
      await scrollAndTap(ui, `contact.item.${id}`, 'contacts.list');
      await ui.tap('contact.more');
      await setSwitch(ui, 'contact.settings.star', starred, 'stray change: no 设为星标朋友 switch on the contact settings screen');
    },
  };
});

/** 发现 → 朋友圈 → the newest moment the task does not mention → 两点 → 赞 / 取消 (toggled). */
const likeMoment = sliceStray(CHAT, 'chat.moment.like', (chat, taken) => {
  const m = momentFeed(chat.moments)
    .slice(0, 6)
    .find((x) => !taken.has(x.id) && !taken.has(x.authorId));
  if (!m) return null;
  const id = m.id;
  const like = !m.likes.includes('me');
  return {
    path: `apps.chat.moments[${id}].likes`,
    description: `发现 → 朋友圈 → ${id} → ${like ? '赞' : '取消赞'}`,
    apply(draft) {
      const d = draft.moments.find((x) => x.id === id)!;
      d.likes = like ? [...d.likes, 'me'] : d.likes.filter((x) => x !== 'me');
    },
    async run(ui) {
      await toChatTab(ui, 'tab.discover');
      await ui.tap('discover.moments');
      await scrollAndTap(ui, `moment.more.${id}`, 'moments.list');
      await ui.tap('moment.like');
      await toChatTab(ui, 'tab.chats');
    },
  };
});

/** 聊天 → a group the task does not mention → ⋯ → 消息免打扰 (toggled). */
const muteGroup = sliceStray(CHAT, 'chat.group.mute', (chat, taken) => {
  const g = chat.groups.find((x) => !taken.has(x.id) && !taken.has(x.name));
  if (!g) return null;
  const id = g.id;
  const muted = !g.muted;
  return {
    path: `apps.chat.groups[${id}].muted`,
    description: `聊天 → ${g.name} → 聊天信息 → 消息免打扰 ${muted ? 'on' : 'off'}`,
    apply(draft) {
      const d = draft.groups.find((x) => x.id === id)!;
      d.muted = muted;
      d.unread = 0;
    },
    async run(ui) {
      await toChatTab(ui, 'tab.chats');
      await scrollAndTap(ui, `chat.item.${id}`, 'chat.list');
      await ui.tap('chat.more');
      await ui.tap('group.settings.mute');
      await toChatTab(ui, 'tab.chats');
    },
  };
});

export const strays: StrayChange[] = [signature, starContact, likeMoment, muteGroup];
