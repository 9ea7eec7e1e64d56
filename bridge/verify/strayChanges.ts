/**
 * Stray changes for `phonegym verify`: small UI scripts that change something a task did not ask
 * for, performed after the task's oracle and before judging. A task whose verdict stays clean
 * after one of them declares too much as expected (or the judge misses the change).
 *
 * Each stray change knows the state path it touches and can apply the same edit to a JSON copy of
 * the state, so verify can pick, for each task, a change the task does not legitimately own (a
 * future "set my signature" task gets the starred contact instead), and can tell "the change was
 * declared as expected" apart from "the script did not change anything".
 *
 * The scripts drive the phone through the same `OracleUi` interface as task oracles (taps on
 * `data-ui` keys), and start from whatever screen the oracle ended on.
 */
import type { PhoneState } from '../protocol/state.ts';
import type { OracleUi } from '../tasks/api.ts';
import type { ChatState, Contact } from '../../simulator-apps/chat/types.ts';
import { calendarStray } from './stray/calendar.ts';
import { chatStray } from './stray/chat.ts';
import { contactsStray } from './stray/contacts.ts';
import { notesStray } from './stray/notes.ts';
import { railwayStray } from './stray/railway.ts';
import { settingsStray } from './stray/settings.ts';
import { shopStray } from './stray/shop.ts';
import { walletStray } from './stray/wallet.ts';
import { contactSections, displayName } from '../../simulator-apps/chat/logic.ts';

/** One concrete stray change for one state. */
export interface StrayPlan {
  /** The state path the change writes, e.g. `apps.chat.me.signature`. */
  path: string;
  /** What the script does, for messages: `我 → 个人信息 → 个性签名: "…"`. */
  description: string;
  /** The same edit on a JSON draft of the state (for the dry run against the task's judge). */
  apply(state: PhoneState): void;
  /** The edit through the UI, from any screen. */
  run(ui: OracleUi): Promise<void>;
}

export interface StrayChange {
  id: string;
  /** The app whose state the change writes. */
  app: string;
  /** A plan for this state and these task parameters, or null when it does not apply here. */
  plan(state: PhoneState, params: Record<string, unknown>): StrayPlan | null;
}

// --- navigation ---------------------------------------------------------------------------------

const CHAT_TABS = ['/chats', '/contacts', '/me'];

/** Dismisses menus and dialogs, then walks back (reopening the app if back leaves it) to a tab. */
async function toChatTab(ui: OracleUi, tab: 'tab.chats' | 'tab.contacts' | 'tab.me'): Promise<void> {
  for (let i = 0; i < 16; i++) {
    const overlay = ui.tree.some((n) => n.role === 'dialog' || (n.key !== undefined && (n.key.startsWith('dialog.') || n.key.startsWith('chat.menu.'))));
    if (overlay) await ui.back();
    else if (ui.route.app !== 'chat') await ui.openApp('chat');
    else if (!CHAT_TABS.includes(ui.route.path)) await ui.back();
    else {
      const node = ui.find(tab);
      if (!node?.selected) await ui.tap(tab);
      return;
    }
  }
  throw new Error(`stray change: could not get back to the chat app's tabs (route ${ui.route.app}${ui.route.path})`);
}

function chatOf(state: PhoneState): ChatState | null {
  const s = state.apps?.chat as unknown as ChatState | undefined;
  return s && typeof s === 'object' && s.me && Array.isArray(s.contacts) ? s : null;
}

/** Every string anywhere in the parameters (ids, names, texts the task is about). */
function mentioned(params: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(params);
  return out;
}

// --- the chat app -------------------------------------------------------------------------------

/** The stray signature: never one of the seed's signatures, at most 30 characters (the editor's limit). */
export const STRAY_SIGNATURE = '校验用的临时签名';

/**
 * 我 → 个人信息 → 个性签名 → a new text → 完成. Writes `apps.chat.me.signature`, which no chat task
 * reads or declares: the tasks are about chats, contacts' remarks and read-only lookups.
 */
export const chatSignature: StrayChange = {
  id: 'chat.signature',
  app: 'chat',
  plan(state) {
    const chat = chatOf(state);
    if (!chat) return null;
    const text = chat.me.signature === STRAY_SIGNATURE ? `${STRAY_SIGNATURE}！` : STRAY_SIGNATURE;
    return {
      path: 'apps.chat.me.signature',
      description: `我 → 个人信息 → 个性签名 → "${text}"`,
      apply(draft) {
        chatOf(draft)!.me.signature = text;
      },
      async run(ui) {
        await toChatTab(ui, 'tab.me');
        await ui.tap('me.info');
        await ui.tap('me.profile.signature');
        await ui.type('me.edit.input', text, { clear: true });
        await ui.tap('me.edit.save');
      },
    };
  },
};

/**
 * 通讯录 → a contact the task does not mention → ⋯ → 设为星标朋友 (toggled). Writes
 * `apps.chat.contacts[<id>].starred`. The contact is the first in list order whose id, name,
 * remark and chats appear in none of the task's parameters.
 */
export const chatStarContact: StrayChange = {
  id: 'chat.star',
  app: 'chat',
  plan(state, params) {
    const chat = chatOf(state);
    if (!chat) return null;
    const taken = mentioned(params);
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
        chatOf(draft)!.contacts.find((c) => c.id === id)!.starred = starred;
      },
      async run(ui) {
        await toChatTab(ui, 'tab.contacts');
        await ui.scrollTo(`contact.item.${id}`, { within: 'contacts.list' });
        await ui.tap(`contact.item.${id}`);
        await ui.tap('contact.more');
        const sw = ui.find('contact.settings.star');
        if (!sw) throw new Error('stray change: no 设为星标朋友 switch on the contact settings screen');
        if (Boolean(sw.checked) !== starred) await ui.tap('contact.settings.star');
      },
    };
  },
};

/**
 * Every stray change, in order of preference: verify tries those of the task's own apps first
 * (so a change lands where the task works), then the others. Each app keeps its own in ./stray/.
 */
export const STRAY_CHANGES: readonly StrayChange[] = [
  chatSignature,
  chatStarContact,
  ...chatStray,
  ...walletStray,
  ...contactsStray,
  ...notesStray,
  ...railwayStray,
  ...settingsStray,
  ...calendarStray,
  ...shopStray,
];

/** The stray changes to try for a task: those in the task's own apps first, then the others. */
export function strayCandidates(apps: readonly string[]): StrayChange[] {
  const own = STRAY_CHANGES.filter((s) => apps.includes(s.app));
  return [...own, ...STRAY_CHANGES.filter((s) => !apps.includes(s.app))];
}
