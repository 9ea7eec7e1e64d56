/**
 * Shared pieces of the 小橙书 suite: typed access to the slice, samplers that pick notes and
 * authors a goal can name without ambiguity, and oracle navigation (taps on `data-ui` keys only).
 * Files starting with `_` are not tasks.
 */
import type { OracleUi, Rng } from '../../bridge/tasks/api.ts';
import type { JudgeInput } from '../../bridge/judge/judge.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { TRAP_AUTHORS, TRAP_TITLES } from '../../simulator-apps/notes/data.ts';
import { formatCount, isCollected, isListed } from '../../simulator-apps/notes/logic.ts';
import type { Author, Note, NotesState } from '../../simulator-apps/notes/types.ts';

export { formatCount, isCollected };

/** Paths a search writes (the history); every task that searches declares them. */
export const SEARCH_CHANGES = ['apps.notes.searchHistory.**'];

/** Titles that look alike on purpose (the similar-title trap); other tasks avoid them. */
export { TRAP_TITLES };

export function notesOf(state: PhoneState): NotesState {
  return state.apps.notes as unknown as NotesState;
}

export function noteById(state: PhoneState, id: string): Note {
  const n = notesOf(state).notes.find((x) => x.id === id);
  if (!n) throw new Error(`no note ${id}`);
  return n;
}

export function authorById(state: PhoneState, id: string): Author {
  const a = notesOf(state).authors.find((x) => x.id === id);
  if (!a) throw new Error(`no author ${id}`);
  return a;
}

const TRAP_NICKS = new Set<string>(TRAP_AUTHORS.flat());

/**
 * A listed note whose title is unique and is not one of the trap titles, and whose title search
 * puts it among the first results (the title is not a substring of another note's text).
 */
export function pickNote(state: PhoneState, rng: Rng, where: (n: Note, s: NotesState) => boolean = () => true): { noteId: string; title: string } | null {
  const s = notesOf(state);
  const others = (n: Note) => s.notes.filter((x) => x.id !== n.id);
  const candidates = s.notes.filter(
    (n) =>
      isListed(n) &&
      n.title !== '' &&
      !(TRAP_TITLES as readonly string[]).includes(n.title) &&
      others(n).every((x) => !x.title.includes(n.title) && !x.body.includes(n.title)) &&
      where(n, s),
  );
  if (candidates.length === 0) return null;
  const n = rng.pick(candidates);
  return { noteId: n.id, title: n.title };
}

/** An author with a unique nickname that is not one of the look-alike pairs. */
export function pickAuthor(state: PhoneState, rng: Rng, where: (a: Author, s: NotesState) => boolean = () => true): { authorId: string; nickname: string } | null {
  const s = notesOf(state);
  const candidates = s.authors.filter((a) => !TRAP_NICKS.has(a.nickname) && s.authors.every((b) => b.id === a.id || !b.nickname.includes(a.nickname)) && where(a, s));
  if (candidates.length === 0) return null;
  const a = rng.pick(candidates);
  return { authorId: a.id, nickname: a.nickname };
}

/** The note paths a like / collect / comment on one note may write. */
export function noteChanges(noteId: string, fields: ('liked' | 'likes' | 'collects' | 'comments')[]): string[] {
  return fields.map((f) => (f === 'comments' ? `apps.notes.notes[${noteId}].comments[*]` : `apps.notes.notes[${noteId}].${f}`));
}

/** Comments of mine in `final` that were not in `init`, on one note. */
export function newMyComments(input: JudgeInput, noteId: string): { id: string; text: string }[] {
  const before = new Set(noteById(input.init, noteId).comments.map((c) => c.id));
  const after = notesOf(input.final).notes.find((n) => n.id === noteId)?.comments ?? [];
  return after.filter((c) => !before.has(c.id) && c.authorId === 'me');
}

/** Notes of mine in `final` that were not in `init`. */
export function newMyNotes(input: JudgeInput): Note[] {
  const before = new Set(notesOf(input.init).notes.map((n) => n.id));
  return notesOf(input.final).notes.filter((n) => !before.has(n.id) && n.authorId === 'me');
}

// --- oracle navigation ------------------------------------------------------------------------

const TAB_ROOTS = ['/', '/hot', '/messages', '/me'];
const isTabRoot = (path: string): boolean => TAB_ROOTS.includes(path.split('?')[0]);

/** From anywhere, to one of 小橙书's bottom tabs. */
export async function openNotesTab(ui: OracleUi, tab: 'home' | 'hot' | 'messages' | 'me' = 'home'): Promise<void> {
  if (ui.route.app !== 'notes') {
    if (ui.find('app.notes')) await ui.tap('app.notes');
    else await ui.openApp('notes');
  }
  for (let i = 0; i < 10 && !isTabRoot(ui.route.path); i++) await ui.back();
  if (ui.route.app !== 'notes') await ui.openApp('notes');
  if (!isTabRoot(ui.route.path)) throw new Error(`could not get back to 小橙书's tabs (route ${ui.route.app}${ui.route.path})`);
  await ui.tap(`notes.tab.${tab}`);
}

/** 首页 → 搜索 → type → 搜索: ends on the results (全部). */
export async function searchFor(ui: OracleUi, text: string): Promise<void> {
  await openNotesTab(ui, 'home');
  await ui.tap('notes.search');
  await ui.type('notes.search.input', text, { clear: true });
  await ui.tap('notes.search.submit');
  if (!ui.route.path.startsWith('/search/result')) throw new Error(`the search did not open the results (route ${ui.route.path})`);
}

/** Searches a note's title and opens it from the results. */
export async function openNoteBySearch(ui: OracleUi, noteId: string, title: string): Promise<void> {
  await searchFor(ui, title);
  await ui.scrollTo(`notes.card.${noteId}`, { within: 'notes.results.list' });
  await ui.tap(`notes.card.${noteId}`);
  if (ui.route.path !== `/note/${noteId}`) throw new Error(`note ${noteId} did not open (route ${ui.route.path})`);
}

/** Searches a nickname, switches to 用户 and opens the author's page. */
export async function openAuthorBySearch(ui: OracleUi, authorId: string, nickname: string): Promise<void> {
  await searchFor(ui, nickname);
  await ui.tap('notes.results.tab.users');
  await ui.scrollTo(`notes.user.${authorId}`, { within: 'notes.results.list' });
  await ui.tap(`notes.user.${authorId}`);
  if (ui.route.path !== `/author/${authorId}`) throw new Error(`author ${authorId} did not open (route ${ui.route.path})`);
}

/** 我 → 收藏 → a board. */
export async function openBoard(ui: OracleUi, boardId: string): Promise<void> {
  await openNotesTab(ui, 'me');
  await ui.tap('notes.me.tab.collects');
  await ui.scrollTo(`notes.board.${boardId}`, { within: 'notes.me.page' });
  await ui.tap(`notes.board.${boardId}`);
}

/** Chooses an item of the menu a tap on `key` opens. */
export async function chooseFromMenu(ui: OracleUi, key: string, item: string): Promise<void> {
  await ui.tap(key);
  await ui.tap(item);
}

export const COMMENT_TEXTS = ['太实用了，马上收藏', '请问具体地址在哪里呀', '跟着做了一次，很成功', '拍得真好看', '写得好详细，谢谢分享'] as const;
