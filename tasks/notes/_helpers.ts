/**
 * Shared pieces of the 小橙书 suite: typed access to the slice, samplers that pick notes and
 * authors a goal can name without ambiguity, and oracle navigation (taps on `data-ui` keys only).
 * Files starting with `_` are not tasks.
 */
import type { OracleUi, ParamSpec, Rng } from '../../bridge/tasks/api.ts';
import type { JudgeInput } from '../../bridge/judge/judge.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { TRAP_AUTHORS, TRAP_TITLES } from '../../simulator-apps/notes/data.ts';
import { formatCount, isCollected, isListed } from '../../simulator-apps/notes/logic.ts';
import type { Author, Board, Draft, Note, NotesState } from '../../simulator-apps/notes/types.ts';
import { addedRecords, byId } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';
import { scrollAndTap } from '../_shared/ui.ts';

export { formatCount, isCollected };

/** Paths a search writes (the history); every task that searches declares them. */
export const SEARCH_CHANGES = ['apps.notes.searchHistory.**'];

/** Titles that look alike on purpose (the similar-title trap); other tasks avoid them. */
export { TRAP_TITLES };

export function notesOf(state: PhoneState): NotesState {
  return state.apps.notes as unknown as NotesState;
}

export function noteById(state: PhoneState, id: string): Note {
  return byId(notesOf(state).notes, id, 'note');
}

export function authorById(state: PhoneState, id: string): Author {
  return byId(notesOf(state).authors, id, 'author');
}

export function boardById(state: PhoneState, id: string): Board {
  return byId(notesOf(state).boards, id, 'board');
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

/** Parameters of a task about one note: its id, and the title the agent is told. */
export interface NoteParams extends Record<string, unknown> {
  noteId: string;
  title: string;
}

/** The `_note` parameter: one note `pickNote` finds, spread into noteId and title. */
export function noteParam(where?: (n: Note, s: NotesState) => boolean): Record<string, ParamSpec> {
  return spreadParam('_note', ['noteId', 'title'], (state, rng) => pickNote(state, rng, where));
}

export interface BoardParams extends Record<string, unknown> {
  boardId: string;
  boardName: string;
}

/** The `_board` parameter: one of my 收藏夹 satisfying `where`, spread into boardId and boardName. */
export function boardParam(where: (b: Board) => boolean = () => true): Record<string, ParamSpec> {
  return spreadParam('_board', ['boardId', 'boardName'], (state, rng) => {
    const b = rng.pick(notesOf(state).boards.filter(where));
    return { boardId: b.id, boardName: b.name };
  });
}

/** Boards other than the default 默认收藏: collecting into one of them takes a choice. */
export const notDefaultBoard = (b: Board): boolean => b.id !== 'bd_0';

/** An author with a unique nickname that is not one of the look-alike pairs. */
export function pickAuthor(state: PhoneState, rng: Rng, where: (a: Author, s: NotesState) => boolean = () => true): { authorId: string; nickname: string } | null {
  const s = notesOf(state);
  const candidates = s.authors.filter((a) => !TRAP_NICKS.has(a.nickname) && s.authors.every((b) => b.id === a.id || !b.nickname.includes(a.nickname)) && where(a, s));
  if (candidates.length === 0) return null;
  const a = rng.pick(candidates);
  return { authorId: a.id, nickname: a.nickname };
}

export interface AuthorParams extends Record<string, unknown> {
  authorId: string;
  nickname: string;
}

/** The `_author` parameter: one author `pickAuthor` finds, spread into authorId and nickname. */
export function authorParam(where?: (a: Author, s: NotesState) => boolean): Record<string, ParamSpec> {
  return spreadParam('_author', ['authorId', 'nickname'], (state, rng) => pickAuthor(state, rng, where));
}

/** Un-likes a note (its count down by one, never below zero) unless it is not liked. */
export function unlike(n: Note): void {
  if (n.liked) {
    n.liked = false;
    n.likes = Math.max(0, n.likes - 1);
  }
}

/** Follows (`on`) or unfollows an author, keeping the follower count in step; nothing when already so. */
export function setFollowed(a: Author, on: boolean): void {
  if (a.followed === on) return;
  a.followed = on;
  a.followers = on ? a.followers + 1 : Math.max(0, a.followers - 1);
}

/** The goal of (un)following an author: followed as wanted, the follower count one up (or down) from the start. */
export function followedCriteria(input: JudgeInput, authorId: string, on: boolean): Record<string, unknown> {
  return {
    [`apps.notes.authors[${authorId}].followed`]: on,
    [`apps.notes.authors[${authorId}].followers`]: authorById(input.init, authorId).followers + (on ? 1 : -1),
  };
}

/** Comments of mine in `final` that were not in `init`, on one note. */
export function newMyComments(input: JudgeInput, noteId: string): { id: string; text: string }[] {
  const after = notesOf(input.final).notes.find((n) => n.id === noteId)?.comments ?? [];
  return addedRecords(noteById(input.init, noteId).comments, after).filter((c) => c.authorId === 'me');
}

/** Drafts in `final` that were not in `init`. */
export function newDrafts(input: JudgeInput): Draft[] {
  return addedRecords(notesOf(input.init).drafts, notesOf(input.final).drafts);
}

/** Notes of mine in `final` that were not in `init`. */
export function newMyNotes(input: JudgeInput): Note[] {
  return addedRecords(notesOf(input.init).notes, notesOf(input.final).notes).filter((n) => n.authorId === 'me');
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
  await scrollAndTap(ui, `notes.card.${noteId}`, 'notes.results.list');
  if (ui.route.path !== `/note/${noteId}`) throw new Error(`note ${noteId} did not open (route ${ui.route.path})`);
}

/** Searches a nickname, switches to 用户 and opens the author's page. */
export async function openAuthorBySearch(ui: OracleUi, authorId: string, nickname: string): Promise<void> {
  await searchFor(ui, nickname);
  await ui.tap('notes.results.tab.users');
  await scrollAndTap(ui, `notes.user.${authorId}`, 'notes.results.list');
  if (ui.route.path !== `/author/${authorId}`) throw new Error(`author ${authorId} did not open (route ${ui.route.path})`);
}

/** The count on the open page (`key`, on `page`) as 小橙书 shows `count` (3456, 1.2万), or an error naming `what`; returns the text (a query's answer). */
export function readShownCount(ui: OracleUi, key: string, count: number, page: string, what: string): string {
  const text = ui.find(key)?.text ?? '';
  const want = formatCount(count);
  if (text !== want) throw new Error(`${page} shows ${text} ${what}, expected ${want}`);
  return text;
}

/** 我 → 收藏 → a board. */
export async function openBoard(ui: OracleUi, boardId: string): Promise<void> {
  await openNotesTab(ui, 'me');
  await ui.tap('notes.me.tab.collects');
  await scrollAndTap(ui, `notes.board.${boardId}`, 'notes.me.page');
}

/** Chooses an item of the menu a tap on `key` opens. */
export async function chooseFromMenu(ui: OracleUi, key: string, item: string): Promise<void> {
  await ui.tap(key);
  await ui.tap(item);
}

export const COMMENT_TEXTS = ['太实用了，马上收藏', '请问具体地址在哪里呀', '跟着做了一次，很成功', '拍得真好看', '写得好详细，谢谢分享'] as const;
