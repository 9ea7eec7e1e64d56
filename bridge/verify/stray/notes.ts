/**
 * Stray changes in 小橙书 for `phonegym verify`: small UI edits no notes task asks for, run from
 * whatever screen the oracle ended on (any app).
 *
 * 1. `apps.notes.me.bio`: 我 → 编辑资料 → 简介 → a text no seed uses → 保存. No notes task reads or
 *    declares my bio except EditBio, which gets the second change instead.
 * 2. `apps.notes.notes[<id>].liked`: 热榜 → the first note the task's parameters do not mention → 点赞
 *    (toggled; its `likes` moves too).
 */
import type { PhoneState } from '../../protocol/state.ts';
import type { OracleUi } from '../../tasks/api.ts';
import type { StrayChange } from '../strayChanges.ts';
import { hotList } from '../../../simulator-apps/notes/logic.ts';
import type { NotesState } from '../../../simulator-apps/notes/types.ts';

export const STRAY_NOTES_BIO = '校验用的临时简介';

function notesOf(state: PhoneState): NotesState | null {
  const s = state.apps?.notes as unknown as NotesState | undefined;
  return s && typeof s === 'object' && s.me && Array.isArray(s.notes) ? s : null;
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

const TAB_ROOTS = ['/', '/hot', '/messages', '/me'];

/** Dismisses menus and dialogs, walks back to one of 小橙书's tab roots and taps the tab. */
async function toNotesTab(ui: OracleUi, tab: 'hot' | 'me'): Promise<void> {
  for (let i = 0; i < 16; i++) {
    const overlay = ui.tree.some((n) => n.role === 'dialog' || n.role === 'menu' || (n.key !== undefined && n.key.startsWith('dialog.')));
    if (overlay) await ui.back();
    else if (ui.route.app !== 'notes') await ui.openApp('notes');
    else if (!TAB_ROOTS.includes(ui.route.path.split('?')[0])) await ui.back();
    else {
      await ui.tap(`notes.tab.${tab}`);
      return;
    }
  }
  throw new Error(`stray change: could not get back to 小橙书's tabs (route ${ui.route.app}${ui.route.path})`);
}

export const notesBio: StrayChange = {
  id: 'notes.bio',
  app: 'notes',
  plan(state) {
    const notes = notesOf(state);
    if (!notes) return null;
    const text = notes.me.bio === STRAY_NOTES_BIO ? `${STRAY_NOTES_BIO}！` : STRAY_NOTES_BIO;
    return {
      path: 'apps.notes.me.bio',
      description: `小橙书 我 → 编辑资料 → 简介 → "${text}"`,
      apply(draft) {
        notesOf(draft)!.me.bio = text;
      },
      async run(ui) {
        await toNotesTab(ui, 'me');
        await ui.tap('notes.me.edit');
        await ui.type('notes.profile.bio', text, { clear: true });
        await ui.tap('notes.profile.save');
      },
    };
  },
};

export const notesLikeHot: StrayChange = {
  id: 'notes.like',
  app: 'notes',
  plan(state, params) {
    const notes = notesOf(state);
    if (!notes) return null;
    const taken = mentioned(params);
    const note = hotList(notes, state.os.time.timestamp).find((n) => !taken.has(n.id) && !taken.has(n.title) && !taken.has(n.authorId));
    if (!note) return null;
    const id = note.id;
    const liked = !note.liked;
    return {
      path: `apps.notes.notes[${id}].liked`,
      description: `小橙书 热榜 → 《${note.title}》 → 点赞 ${liked ? 'on' : 'off'}`,
      apply(draft) {
        const n = notesOf(draft)!.notes.find((x) => x.id === id)!;
        n.liked = liked;
        n.likes = Math.max(0, n.likes + (liked ? 1 : -1));
      },
      async run(ui) {
        await toNotesTab(ui, 'hot');
        await ui.scrollTo(`notes.hot.${id}`, { within: 'notes.hot.list' });
        await ui.tap(`notes.hot.${id}`);
        await ui.tap('notes.note.like');
      },
    };
  },
};

/** 小橙书's stray changes, in order of preference. */
export const notesStray: StrayChange[] = [notesBio, notesLikeHot];
