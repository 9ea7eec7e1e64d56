/**
 * Stray changes for the chat app's groups and moments (see ../strayChanges.ts): a like on a
 * moment the task does not mention, and 消息免打扰 toggled on a group the task does not mention.
 * Both drive the UI from any screen, walking back to the chat app's tabs first (发现 included).
 */
import type { PhoneState } from '../../protocol/state.ts';
import type { OracleUi } from '../../tasks/api.ts';
import type { ChatState } from '../../../simulator-apps/chat/types.ts';
import { momentFeed } from '../../../simulator-apps/chat/logic.ts';
import type { StrayChange } from '../strayChanges.ts';

const TABS = ['/chats', '/contacts', '/discover', '/me'];

async function toTab(ui: OracleUi, tab: 'tab.chats' | 'tab.discover'): Promise<void> {
  for (let i = 0; i < 16; i++) {
    const overlay = ui.tree.some((n) => n.role === 'dialog' || (n.key !== undefined && (n.key.startsWith('dialog.') || n.key.startsWith('chat.menu.'))));
    if (overlay) await ui.back();
    else if (ui.route.app !== 'chat') await ui.openApp('chat');
    else if (!TABS.includes(ui.route.path)) await ui.back();
    else {
      if (!ui.find(tab)?.selected) await ui.tap(tab);
      return;
    }
  }
  throw new Error(`stray change: could not get back to the chat app's tabs (route ${ui.route.app}${ui.route.path})`);
}

function chatOf(state: PhoneState): ChatState | null {
  const s = state.apps?.chat as unknown as ChatState | undefined;
  return s && typeof s === 'object' && Array.isArray(s.moments) && Array.isArray(s.groups) ? s : null;
}

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

/** 发现 → 朋友圈 → the newest moment the task does not mention → 两点 → 赞 / 取消 (toggled). */
export const chatLikeMoment: StrayChange = {
  id: 'chat.moment.like',
  app: 'chat',
  plan(state, params) {
    const chat = chatOf(state);
    if (!chat) return null;
    const taken = mentioned(params);
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
        const d = chatOf(draft)!.moments.find((x) => x.id === id)!;
        d.likes = like ? [...d.likes, 'me'] : d.likes.filter((x) => x !== 'me');
      },
      async run(ui) {
        await toTab(ui, 'tab.discover');
        await ui.tap('discover.moments');
        await ui.scrollTo(`moment.more.${id}`, { within: 'moments.list' });
        await ui.tap(`moment.more.${id}`);
        await ui.tap('moment.like');
        await toTab(ui, 'tab.chats');
      },
    };
  },
};

/** 聊天 → a group the task does not mention → ⋯ → 消息免打扰 (toggled). */
export const chatMuteGroup: StrayChange = {
  id: 'chat.group.mute',
  app: 'chat',
  plan(state, params) {
    const chat = chatOf(state);
    if (!chat) return null;
    const taken = mentioned(params);
    const g = chat.groups.find((x) => !taken.has(x.id) && !taken.has(x.name));
    if (!g) return null;
    const id = g.id;
    const muted = !g.muted;
    return {
      path: `apps.chat.groups[${id}].muted`,
      description: `聊天 → ${g.name} → 聊天信息 → 消息免打扰 ${muted ? 'on' : 'off'}`,
      apply(draft) {
        const d = chatOf(draft)!.groups.find((x) => x.id === id)!;
        d.muted = muted;
        d.unread = 0;
      },
      async run(ui) {
        await toTab(ui, 'tab.chats');
        await ui.scrollTo(`chat.item.${id}`, { within: 'chat.list' });
        await ui.tap(`chat.item.${id}`);
        await ui.tap('chat.more');
        await ui.tap('group.settings.mute');
        await toTab(ui, 'tab.chats');
      },
    };
  },
};

export const chatStray: StrayChange[] = [chatLikeMoment, chatMuteGroup];
