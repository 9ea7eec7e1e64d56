/**
 * 小橙书's stray changes for `phonegym verify` (docs/verify.md): small UI edits no notes task asks
 * for, run from whatever screen the oracle ended on (any app), in order of preference:
 *
 * 1. `apps.notes.me.bio`: 我 → 编辑资料 → 简介 → a text no seed uses → 保存. No notes task reads or
 *    declares my bio except EditBio, which gets the second change instead.
 * 2. `apps.notes.notes[<id>].liked`: 热榜 → the first note the task's parameters do not mention → 点赞
 *    (toggled; its `likes` moves too).
 */
import type { OracleUi, StrayChange } from '../../bridge/tasks/types.ts';
import { hotList } from '../../simulator-apps/notes/logic.ts';
import type { NotesState } from '../../simulator-apps/notes/types.ts';
import { overlaid, sliceStray, type StrayApp, walkBack } from '../_shared/stray.ts';
import { scrollAndTap } from '../_shared/ui.ts';

export const STRAY_NOTES_BIO = '校验用的临时简介';

const TAB_ROOTS = ['/', '/hot', '/messages', '/me'];

const NOTES: StrayApp<NotesState> = { app: 'notes', has: (s) => s.me && Array.isArray(s.notes) };

/** Dismisses menus and dialogs, walks back to one of 小橙书's tab roots and taps the tab. */
async function toNotesTab(ui: OracleUi, tab: 'hot' | 'me'): Promise<void> {
  await walkBack(ui, 'notes', "小橙书's tabs", () => {
    if (overlaid(ui, ['dialog', 'menu'], (k) => k.startsWith('dialog.'))) return 'back';
    if (ui.route.app !== 'notes') return 'open';
    return TAB_ROOTS.includes(ui.route.path.split('?')[0]) ? null : 'back';
  });
  await ui.tap(`notes.tab.${tab}`);
}

const bio = sliceStray(NOTES, 'notes.bio', (notes) => {
  const text = notes.me.bio === STRAY_NOTES_BIO ? `${STRAY_NOTES_BIO}！` : STRAY_NOTES_BIO;
  return {
    path: 'apps.notes.me.bio',
    description: `小橙书 我 → 编辑资料 → 简介 → "${text}"`,
    apply(draft) {
      draft.me.bio = text;
    },
    async run(ui) {
      await toNotesTab(ui, 'me');
      await ui.tap('notes.me.edit');
      await ui.type('notes.profile.bio', text, { clear: true });
      await ui.tap('notes.profile.save');
    },
  };
});

const likeHot = sliceStray(NOTES, 'notes.like', (notes, taken, state) => {
  const note = hotList(notes, state.os.time.timestamp).find((n) => !taken.has(n.id) && !taken.has(n.title) && !taken.has(n.authorId));
  if (!note) return null;
  const id = note.id;
  const liked = !note.liked;
  return {
    path: `apps.notes.notes[${id}].liked`,
    description: `小橙书 热榜 → 《${note.title}》 → 点赞 ${liked ? 'on' : 'off'}`,
    apply(draft) {
      const n = draft.notes.find((x) => x.id === id)!;
      n.liked = liked;
      n.likes = Math.max(0, n.likes + (liked ? 1 : -1));
    },
    async run(ui) {
      await toNotesTab(ui, 'hot');
      await scrollAndTap(ui, `notes.hot.${id}`, 'notes.hot.list');
      await ui.tap('notes.note.like');
    },
  };
});

export const strays: StrayChange[] = [bio, likeHot];
