/**
 * Long file: 小橙书's rules (feed, notes, boards, comments, drafts, search) that the model, tasks
 * and strays share; to be split by feature when one of them grows.
 * 小橙书's rules as pure functions over plain `NotesState` (no Svelte, no DOM). Queries return
 * views; mutators change the object they are given in place and are called by `NotesModel` inside
 * `phone.update`. A refused action returns its reason and changes nothing.
 */
import { pad2 } from '../shared/dates.ts';
import { nextId } from '../shared/ids.ts';
import { wallClock } from '../shared/time.ts';
import type { PictureSubject } from './art.ts';
import { CATEGORIES, NOTIFICATION_KINDS, VISIBILITIES, type Author, type Board, type Category, type Comment, type Cover, type Draft, type Note, type NotesState, type NotificationKind, type Visibility } from './types.ts';

export const ME = 'me';
export const TITLE_MAX = 20;
export const BODY_MAX = 1000;
export const COMMENT_MAX = 200;
export const TAG_MAX = 10;
export const NICKNAME_MAX = 24;
export const BIO_MAX = 100;
export const HISTORY_MAX = 10;
export const DEFAULT_BOARD = 'bd_0';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const VISIBILITY_TEXT: Record<Visibility, string> = {
  public: '公开',
  mutual: '仅互关好友可见',
  private: '仅自己可见',
};

// ---------------------------------------------------------------------------------------------
// Formatting

/** `8520` → `8520`, `12345` → `1.2万`, `100000` → `10万`. */
export function formatCount(n: number): string {
  if (n < 10_000) return String(n);
  return `${(Math.floor(n / 1000) / 10).toFixed(1).replace(/\.0$/, '')}万`;
}

/** 刚刚, 5分钟前, 3小时前, 昨天 18:20, 3天前, 03-02, 2025-11-20 — as the note page shows it. */
export function formatNoteTime(time: number, now: number, timezone?: string): string {
  const age = now - time;
  if (age < MINUTE) return '刚刚';
  if (age < HOUR) return `${Math.floor(age / MINUTE)}分钟前`;
  const t = wallClock(time, timezone);
  const n = wallClock(now, timezone);
  const days = n.dayNumber - t.dayNumber;
  if (age < DAY && days === 0) return `${Math.floor(age / HOUR)}小时前`;
  if (days <= 1) return `昨天 ${pad2(t.hour)}:${pad2(t.minute)}`;
  if (days < 7) return `${days}天前`;
  if (t.year === n.year) return `${pad2(t.month)}-${pad2(t.day)}`;
  return `${t.year}-${pad2(t.month)}-${pad2(t.day)}`;
}

// ---------------------------------------------------------------------------------------------
// Lookups

export interface Person {
  id: string;
  nickname: string;
  avatar: { color: string; glyph: string };
  /** Whose picture the avatar draws (../shared/avatarArt.ts): the nickname; null (the letter) for a deleted account. */
  picture: string | null;
}

/** The author of a note or comment (`me` is me). */
export function personOf(s: Pick<NotesState, 'me' | 'authors'>, id: string): Person {
  if (id === ME) return { id: ME, nickname: s.me.nickname, avatar: s.me.avatar, picture: s.me.nickname };
  const a = s.authors.find((x) => x.id === id);
  return a ? { id: a.id, nickname: a.nickname, avatar: a.avatar, picture: a.nickname } : { id, nickname: '已注销用户', avatar: { color: '#bbbbbb', glyph: '?' }, picture: null };
}

export function findNote<N extends Note>(s: { notes: readonly N[] }, id: string): N | undefined {
  return s.notes.find((x) => x.id === id);
}

export function findAuthor<A extends Author>(s: { authors: readonly A[] }, id: string): A | undefined {
  return s.authors.find((x) => x.id === id);
}

/** Notes other people see in feeds and search: not deleted, not mine. */
export function isListed(n: Pick<Note, 'deleted' | 'authorId'>): boolean {
  return !n.deleted && n.authorId !== ME;
}

export function isCollected(s: Pick<NotesState, 'boards'>, noteId: string): boolean {
  return s.boards.some((b) => b.noteIds.includes(noteId));
}

export function boardOf<B extends Board>(s: { boards: readonly B[] }, noteId: string): B | undefined {
  return s.boards.find((b) => b.noteIds.includes(noteId));
}

// ---------------------------------------------------------------------------------------------
// Feeds

export type FeedTab = 'follow' | 'explore' | 'nearby';
export const FEED_TABS: readonly FeedTab[] = ['follow', 'explore', 'nearby'];
export const FEED_CHIPS = ['推荐', ...CATEGORIES] as const;

function idHash(id: string): number {
  let h = 7;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) % 9973;
  return h;
}

/** The 发现 order: popular and recent first, with a stable shuffle so categories mix. */
export function recommendScore(n: Pick<Note, 'id' | 'likes' | 'time'>, now: number): number {
  const ageDays = Math.max(0, (now - n.time) / DAY);
  return Math.log10(n.likes + 10) * 10 - Math.sqrt(ageDays) * 2 + (idHash(n.id) % 60) / 10;
}

const byIdAsc = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A home feed: 关注 (authors I follow, newest first), 发现 (recommended, optionally one category), 附近 (my city, newest first). */
export function feed<N extends Note>(s: { notes: readonly N[]; authors: readonly Author[]; me: { city: string } }, tab: FeedTab, category: Category | null, now: number): N[] {
  const listed = s.notes.filter(isListed);
  if (tab === 'follow') {
    const followed = new Set(s.authors.filter((a) => a.followed).map((a) => a.id));
    return listed.filter((n) => followed.has(n.authorId)).sort((a, b) => b.time - a.time || byIdAsc(a, b));
  }
  if (tab === 'nearby') return listed.filter((n) => n.city === s.me.city).sort((a, b) => b.time - a.time || byIdAsc(a, b));
  // Each note's score worked out once, not once per comparison (a feed sorts every listed note).
  const scored = listed.filter((n) => category === null || n.category === category).map((n) => ({ n, score: recommendScore(n, now) }));
  return scored.sort((a, b) => b.score - a.score || byIdAsc(a.n, b.n)).map((x) => x.n);
}

/** The 热榜: the most liked listed notes of the last 30 days, then of all time, 20 in all. */
export function hotList<N extends Note>(s: { notes: readonly N[] }, now: number): N[] {
  const listed = s.notes.filter(isListed);
  const recent = listed.filter((n) => now - n.time <= 30 * DAY).sort((a, b) => b.likes - a.likes || byIdAsc(a, b));
  const older = listed.filter((n) => now - n.time > 30 * DAY).sort((a, b) => b.likes - a.likes || byIdAsc(a, b));
  return [...recent, ...older].slice(0, 20);
}

/** Tags by how many listed notes carry them, most first. */
export function hotTags(s: { notes: readonly Note[] }, limit = 12): string[] {
  const count = new Map<string, number>();
  for (const n of s.notes) if (isListed(n)) for (const t of n.tags) count.set(t, (count.get(t) ?? 0) + 1);
  return [...count.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit).map(([t]) => t);
}

/** Splits cards into two columns, each card going to the shorter one (a waterfall). */
export function waterfall<T>(items: readonly T[], height: (item: T) => number): [T[], T[]] {
  const cols: [T[], T[]] = [[], []];
  const h = [0, 0];
  for (const item of items) {
    const c = h[0] <= h[1] ? 0 : 1;
    cols[c].push(item);
    h[c] += height(item);
  }
  return cols;
}

// ---------------------------------------------------------------------------------------------
// Search

export const SEARCH_SORTS = ['综合', '最新', '最多点赞', '最多评论'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_TIMES = ['不限', '一天内', '一周内', '半年内'] as const;
export type SearchTime = (typeof SEARCH_TIMES)[number];
const TIME_SPAN: Record<SearchTime, number> = { 不限: Infinity, 一天内: DAY, 一周内: 7 * DAY, 半年内: 183 * DAY };

export interface SearchFilter {
  category: Category | null;
  time: SearchTime;
  sort: SearchSort;
}

const norm = (t: string): string => t.trim().toLowerCase().replace(/^#/, '');

/** Notes matching a query in title, body, tags or author nickname, filtered and sorted. */
export function searchNotes<N extends Note>(s: { notes: readonly N[]; authors: readonly Author[] }, query: string, f: SearchFilter, now: number): N[] {
  const q = norm(query);
  if (q === '') return [];
  const nick = new Map(s.authors.map((a) => [a.id, a.nickname.toLowerCase()]));
  const relevance = (n: N): number => (n.title.toLowerCase().includes(q) ? 3 : 0) + (n.tags.some((t) => t.toLowerCase() === q) ? 2 : 0);
  const hits = s.notes.filter(
    (n) =>
      isListed(n) &&
      (f.category === null || n.category === f.category) &&
      now - n.time <= TIME_SPAN[f.time] &&
      (n.title.toLowerCase().includes(q) || n.body.toLowerCase().includes(q) || n.tags.some((t) => t.toLowerCase().includes(q)) || (nick.get(n.authorId) ?? '').includes(q)),
  );
  const cmp: Record<SearchSort, (a: N, b: N) => number> = {
    综合: (a, b) => relevance(b) - relevance(a) || recommendScore(b, now) - recommendScore(a, now),
    最新: (a, b) => b.time - a.time,
    最多点赞: (a, b) => b.likes - a.likes,
    最多评论: (a, b) => b.comments.length - a.comments.length,
  };
  return hits.sort((a, b) => cmp[f.sort](a, b) || byIdAsc(a, b));
}

/** Authors whose nickname contains the query. */
export function searchUsers<A extends Author>(s: { authors: readonly A[] }, query: string): A[] {
  const q = norm(query);
  if (q === '') return [];
  return s.authors.filter((a) => a.nickname.toLowerCase().includes(q)).sort((a, b) => b.followers - a.followers || byIdAsc(a, b));
}

/** What the search box suggests while typing: tags, then authors, then titles containing the text. */
export function suggestions(s: { notes: readonly Note[]; authors: readonly Author[] }, query: string, limit = 8): string[] {
  const q = norm(query);
  if (q === '') return [];
  const out: string[] = [];
  const add = (t: string): void => {
    if (!out.includes(t) && out.length < limit) out.push(t);
  };
  for (const t of hotTags(s, 200)) if (t.toLowerCase().includes(q)) add(t);
  for (const a of s.authors) if (a.nickname.toLowerCase().includes(q)) add(a.nickname);
  for (const n of s.notes) if (isListed(n) && n.title.toLowerCase().includes(q)) add(n.title);
  return out;
}

export function addSearchHistory(s: Pick<NotesState, 'searchHistory'>, query: string): void {
  const q = query.trim();
  if (q === '') return;
  const next = [q, ...s.searchHistory.filter((h) => h !== q)].slice(0, HISTORY_MAX);
  if (next.join('\n') !== s.searchHistory.join('\n')) s.searchHistory = next;
}

export function clearSearchHistory(s: Pick<NotesState, 'searchHistory'>): void {
  if (s.searchHistory.length > 0) s.searchHistory = [];
}

// ---------------------------------------------------------------------------------------------
// Likes, collects, comments, follows

export type Refusal = 'note' | 'deleted' | 'board' | 'collected' | 'text' | 'author' | 'nickname' | 'bio' | 'empty' | 'title' | 'body';

export const REFUSAL_TEXT: Record<Refusal, string> = {
  note: '笔记不存在',
  deleted: '该笔记已被作者删除',
  board: '收藏夹不存在',
  collected: '已经收藏过了',
  text: '请输入评论内容',
  author: '用户不存在',
  nickname: '昵称不能为空',
  bio: `简介不能超过${BIO_MAX}字`,
  empty: '请输入标题或正文',
  title: `标题不能超过${TITLE_MAX}字`,
  body: `正文不能超过${BODY_MAX}字`,
};

export function toggleLike(s: NotesState, noteId: string): Refusal | null {
  const n = findNote(s, noteId);
  if (!n) return 'note';
  if (n.deleted) return 'deleted';
  n.liked = !n.liked;
  n.likes = Math.max(0, n.likes + (n.liked ? 1 : -1));
  return null;
}

/** Puts a note in a board (newest first); the note's collect count goes up by one. */
export function collect(s: NotesState, noteId: string, boardId: string = DEFAULT_BOARD): Refusal | null {
  const n = findNote(s, noteId);
  if (!n) return 'note';
  if (n.deleted) return 'deleted';
  const board = s.boards.find((b) => b.id === boardId);
  if (!board) return 'board';
  if (isCollected(s, noteId)) return 'collected';
  board.noteIds.unshift(noteId);
  n.collects += 1;
  return null;
}

/** Takes a note out of every board; its collect count goes down by one. A deleted note can be removed too. */
export function uncollect(s: NotesState, noteId: string): Refusal | null {
  const n = findNote(s, noteId);
  if (!n) return 'note';
  if (!isCollected(s, noteId)) return 'collected';
  for (const b of s.boards) if (b.noteIds.includes(noteId)) b.noteIds = b.noteIds.filter((id) => id !== noteId);
  n.collects = Math.max(0, n.collects - 1);
  return null;
}

export function nextBoardId(s: Pick<NotesState, 'boards'>): string {
  return nextId(s.boards.map((b) => b.id), 'bd_', 0);
}

/** A new board (name trimmed, at most 20 characters, unique); returns its id. */
export function createBoard(s: NotesState, name: string): { id: string } | { error: string } {
  const t = name.trim();
  if (t === '') return { error: '请输入收藏夹名称' };
  if (t.length > 20) return { error: '名称不能超过20字' };
  if (s.boards.some((b) => b.name === t)) return { error: '已有同名收藏夹' };
  const id = nextBoardId(s);
  s.boards.push({ id, name: t, noteIds: [] });
  return { id };
}

export function nextCommentId(s: Pick<NotesState, 'notes'>): string {
  return nextId(s.notes.flatMap((n) => n.comments.map((c) => c.id)), 'cm_', 4);
}

export function nextNoteId(s: Pick<NotesState, 'notes'>): string {
  return nextId(s.notes.map((n) => n.id), 'n_', 3);
}

export function nextDraftId(s: Pick<NotesState, 'drafts'>): string {
  return nextId(s.drafts.map((d) => d.id), 'd_', 2);
}

/** My comment on a note (trimmed, 1-200 characters). */
export function addComment(s: NotesState, noteId: string, text: string, now: number): { comment: Comment } | { refusal: Refusal } {
  const n = findNote(s, noteId);
  if (!n) return { refusal: 'note' };
  if (n.deleted) return { refusal: 'deleted' };
  const t = text.trim().slice(0, COMMENT_MAX);
  if (t === '') return { refusal: 'text' };
  const comment: Comment = { id: nextCommentId(s), authorId: ME, text: t, time: now, likes: 0, liked: false };
  n.comments.push(comment);
  return { comment };
}

export function toggleCommentLike(s: NotesState, noteId: string, commentId: string): Refusal | null {
  const c = findNote(s, noteId)?.comments.find((x) => x.id === commentId);
  if (!c) return 'note';
  c.liked = !c.liked;
  c.likes = Math.max(0, c.likes + (c.liked ? 1 : -1));
  return null;
}

/** How a note page orders comments: mine newest first, then by likes, then oldest first. */
export function orderedComments<C extends Comment>(comments: readonly C[]): C[] {
  return comments.slice().sort((a, b) => {
    const am = a.authorId === ME ? 1 : 0;
    const bm = b.authorId === ME ? 1 : 0;
    if (am !== bm) return bm - am;
    if (am === 1) return b.time - a.time;
    return b.likes - a.likes || a.time - b.time;
  });
}

export function setFollow(s: NotesState, authorId: string, follow: boolean): Refusal | null {
  const a = findAuthor(s, authorId);
  if (!a) return 'author';
  if (a.followed === follow) return null;
  a.followed = follow;
  a.followers = Math.max(0, a.followers + (follow ? 1 : -1));
  return null;
}

/** 关注 on my page: the authors I follow. */
export function followingCount(s: Pick<NotesState, 'authors'>): number {
  return s.authors.filter((a) => a.followed).length;
}

// ---------------------------------------------------------------------------------------------
// Profile

export function updateProfile(s: NotesState, nickname: string, bio: string): Refusal | null {
  const nick = nickname.trim();
  if (nick === '') return 'nickname';
  if ([...bio].length > BIO_MAX) return 'bio';
  if (s.me.nickname !== nick.slice(0, NICKNAME_MAX)) s.me.nickname = nick.slice(0, NICKNAME_MAX);
  if (s.me.bio !== bio.trim()) s.me.bio = bio.trim();
  return null;
}

// ---------------------------------------------------------------------------------------------
// Publishing and drafts

/** What the editor holds: a draft's fields without its id and time. */
export type EditorDraft = Omit<Draft, 'id' | 'updatedAt'>;

/** A new editor, with a photo of 相册 as its picture when it was opened by 分享 → 小橙书. */
export function emptyEditor(photo?: string): EditorDraft {
  return { title: '', body: '', tags: [], palette: 0, ...(photo ? { photo } : {}), category: '', visibility: 'public', city: '' };
}

export function editorOf(d: Pick<Draft, 'title' | 'body' | 'tags' | 'palette' | 'photo' | 'category' | 'visibility' | 'city'>): EditorDraft {
  return { title: d.title, body: d.body, tags: d.tags.slice(), palette: d.palette, ...(d.photo ? { photo: d.photo } : {}), category: d.category, visibility: d.visibility, city: d.city };
}

/** The picture a note published from the editor gets; the editor and 草稿箱 draw the same. */
export function editorCover(d: Pick<EditorDraft, 'title' | 'body' | 'palette' | 'photo'>): Cover {
  return { palette: clampPalette(d.palette), text: (d.title.trim() || d.body.trim()).slice(0, 6), ratio: 0.75, ...(d.photo ? { photo: d.photo } : {}) };
}

/** What the editor's picture is drawn from: the note it would publish as (its next id and category). */
export function editorSubject(s: Pick<NotesState, 'notes'>, d: Pick<EditorDraft, 'title' | 'body' | 'tags' | 'category'>): PictureSubject {
  return { id: nextNoteId(s), title: d.title.trim(), tags: d.tags, category: d.category === '' ? guessCategory(d) : d.category };
}

/** Whether the editor holds anything worth keeping (title, body, tags or a photo of 相册). */
export function hasContent(d: EditorDraft): boolean {
  return d.title.trim() !== '' || d.body.trim() !== '' || d.tags.length > 0 || d.photo !== undefined;
}

/** `#周末 去哪儿` → `周末去哪儿`: a tag as stored (no `#`, no spaces), or '' when nothing is left. */
export function normalizeTag(t: string): string {
  return t.replace(/[#＃\s]/g, '').slice(0, 20);
}

/** Adds a tag unless it is empty, already there, or the list is full. */
export function addTag(tags: string[], raw: string): string[] {
  const t = normalizeTag(raw);
  if (t === '' || tags.includes(t) || tags.length >= TAG_MAX) return tags;
  return [...tags, t];
}

const CATEGORY_WORDS: Record<Category, string[]> = {
  美食: ['吃', '餐', '饭', '菜', '咖啡', '茶', '甜', '烘焙', '早餐', '探店', '食'],
  旅行: ['旅行', '去哪', '攻略', '徒步', '露营', 'citywalk', '骑行', '景'],
  穿搭: ['穿搭', 'ootd', '衣', '裙', '裤', '鞋'],
  家居: ['家', '租房', '收纳', '阳台', '装修', '卧室', '厨房', '书架'],
  健身: ['健身', '跑步', '瑜伽', '减脂', '运动', '训练', '公里'],
  学习: ['学习', '考研', '读书', '英语', '备考', '时间管理', '书'],
  萌宠: ['猫', '狗', '宠', '喵', '柯基'],
};

/** The category a published note gets when none was chosen: the first whose words appear. */
export function guessCategory(d: Pick<EditorDraft, 'title' | 'body' | 'tags'>): Category {
  const text = `${d.tags.join(' ')} ${d.title} ${d.body}`.toLowerCase();
  for (const c of CATEGORIES) if (CATEGORY_WORDS[c].some((w) => text.includes(w))) return c;
  return '家居';
}

export function editorError(d: EditorDraft): Refusal | null {
  if (!hasContent(d) || (d.title.trim() === '' && d.body.trim() === '')) return 'empty';
  if ([...d.title.trim()].length > TITLE_MAX) return 'title';
  if ([...d.body].length > BODY_MAX) return 'body';
  return null;
}

/** 发布: a new note of mine with the next id; a draft it came from is removed. */
export function publish(s: NotesState, d: EditorDraft, now: number, fromDraftId: string | null): { note: Note } | { refusal: Refusal } {
  const bad = editorError(d);
  if (bad) return { refusal: bad };
  const title = d.title.trim();
  const body = d.body.trim();
  const note: Note = {
    id: nextNoteId(s),
    authorId: ME,
    title,
    body,
    tags: d.tags.map(normalizeTag).filter((t, i, all) => t !== '' && all.indexOf(t) === i),
    category: d.category === '' ? guessCategory(d) : d.category,
    images: [editorCover(d)],
    likes: 0,
    liked: false,
    collects: 0,
    comments: [],
    time: now,
    city: d.city,
    visibility: d.visibility,
    deleted: false,
  };
  s.notes.push(note);
  if (fromDraftId) s.drafts = s.drafts.filter((x) => x.id !== fromDraftId);
  return { note };
}

function clampPalette(p: number): number {
  return Number.isSafeInteger(p) && p >= 0 && p < 12 ? p : 0;
}

/** 保存草稿: updates the draft it came from, or appends a new one; returns its id. */
export function saveDraft(s: NotesState, d: EditorDraft, now: number, draftId: string | null): string {
  const fields: Omit<Draft, 'id'> = { title: d.title.slice(0, TITLE_MAX), body: d.body.slice(0, BODY_MAX), tags: d.tags.slice(), palette: clampPalette(d.palette), ...(d.photo ? { photo: d.photo } : {}), category: d.category, visibility: d.visibility, city: d.city, updatedAt: now };
  const existing = draftId ? s.drafts.find((x) => x.id === draftId) : undefined;
  if (existing) {
    Object.assign(existing, fields);
    return existing.id;
  }
  const id = nextDraftId(s);
  s.drafts.push({ id, ...fields });
  return id;
}

export function deleteDraft(s: NotesState, draftId: string): void {
  if (s.drafts.some((x) => x.id === draftId)) s.drafts = s.drafts.filter((x) => x.id !== draftId);
}

// ---------------------------------------------------------------------------------------------
// Notifications

export const KIND_TEXT: Record<NotificationKind, string> = { likes: '赞和收藏', follows: '新增关注', comments: '评论和@' };

export function unseen(s: Pick<NotesState, 'notifications' | 'seenAt'>, kind: NotificationKind): number {
  return s.notifications.filter((x) => x.kind === kind && x.time > s.seenAt[kind]).length;
}

export function unseenTotal(s: Pick<NotesState, 'notifications' | 'seenAt'>): number {
  return NOTIFICATION_KINDS.reduce((sum, k) => sum + unseen(s, k), 0);
}

/** Opening a notification list: its badge clears (only when something was unseen). */
export function markSeen(s: NotesState, kind: NotificationKind, now: number): void {
  if (unseen(s, kind) > 0) s.seenAt[kind] = now;
}

// ---------------------------------------------------------------------------------------------
// Validation

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;
/** An optional picture reference: absent, or `photos:<id>`. */
const isPhotoRef = (v: unknown): boolean => v === undefined || (typeof v === 'string' && /^photos:[A-Za-z0-9_-]{1,40}$/.test(v));
const isStrings = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Checks the shape the screens rely on; returns a message naming the first problem, or null. */
export function validateNotesState(v: unknown): string | null {
  if (!isObj(v)) return 'apps.notes must be an object';
  const s = v as Partial<NotesState>;
  const me = s.me as Partial<NotesState['me']> | undefined;
  if (!isObj(me)) return 'apps.notes.me must be an object';
  if (typeof me.nickname !== 'string' || me.nickname === '') return 'apps.notes.me.nickname must be a non-empty string';
  if (typeof me.bio !== 'string' || typeof me.redId !== 'string' || typeof me.city !== 'string') return 'apps.notes.me needs string bio, redId and city';
  if (!isObj(me.avatar)) return 'apps.notes.me.avatar must be { color, glyph }';
  if (!isCount(me.followers) || !isCount(me.likedAndCollected)) return 'apps.notes.me.followers and likedAndCollected must be non-negative integers';
  if (!Array.isArray(s.authors)) return 'apps.notes.authors must be an array';
  for (const [i, a] of s.authors.entries()) {
    if (typeof a?.id !== 'string' || typeof a.nickname !== 'string' || !isObj(a.avatar)) return `apps.notes.authors[${i}] needs string id, nickname and an avatar`;
    if (!isCount(a.followers) || !isCount(a.following) || !isCount(a.likedAndCollected)) return `apps.notes.authors[${i}] counts must be non-negative integers`;
    if (typeof a.followed !== 'boolean' || typeof a.followsMe !== 'boolean') return `apps.notes.authors[${i}].followed and followsMe must be booleans`;
  }
  if (!Array.isArray(s.notes)) return 'apps.notes.notes must be an array';
  for (const [i, n] of s.notes.entries()) {
    const at = `apps.notes.notes[${i}]`;
    if (typeof n?.id !== 'string' || typeof n.authorId !== 'string' || typeof n.title !== 'string' || typeof n.body !== 'string') return `${at} needs string id, authorId, title and body`;
    if (!(CATEGORIES as readonly string[]).includes(n.category)) return `${at}.category must be one of ${CATEGORIES.join(', ')}`;
    if (!isStrings(n.tags)) return `${at}.tags must be an array of strings`;
    if (!Array.isArray(n.images) || n.images.length < 1 || n.images.length > 9 || !n.images.every((c) => isObj(c) && Number.isSafeInteger(c.palette) && typeof c.text === 'string' && typeof c.ratio === 'number')) return `${at}.images must hold 1-9 { palette, text, ratio }`;
    const badPhoto = n.images.findIndex((c) => !isPhotoRef(c.photo));
    if (badPhoto >= 0) return `${at}.images[${badPhoto}].photo must be absent or a photo of 相册 as photos:<id> (e.g. photos:ph_001)`;
    if (!isCount(n.likes) || !isCount(n.collects)) return `${at}.likes and collects must be non-negative integers`;
    if (typeof n.liked !== 'boolean' || typeof n.deleted !== 'boolean') return `${at}.liked and deleted must be booleans`;
    if (!Number.isFinite(n.time)) return `${at}.time must be a number`;
    if (typeof n.city !== 'string') return `${at}.city must be a string`;
    if (!(VISIBILITIES as readonly string[]).includes(n.visibility)) return `${at}.visibility must be one of ${VISIBILITIES.join(', ')}`;
    if (!Array.isArray(n.comments)) return `${at}.comments must be an array`;
    for (const [j, c] of n.comments.entries()) {
      if (typeof c?.id !== 'string' || typeof c.authorId !== 'string' || typeof c.text !== 'string' || !Number.isFinite(c.time) || !isCount(c.likes) || typeof c.liked !== 'boolean') return `${at}.comments[${j}] needs id, authorId, text, time, likes and liked`;
    }
  }
  if (!Array.isArray(s.boards)) return 'apps.notes.boards must be an array';
  for (const [i, b] of s.boards.entries()) if (typeof b?.id !== 'string' || typeof b.name !== 'string' || !isStrings(b.noteIds)) return `apps.notes.boards[${i}] needs string id, name and noteIds`;
  if (!s.boards.some((b) => b.id === DEFAULT_BOARD)) return `apps.notes.boards must hold the default board ${DEFAULT_BOARD}`;
  if (!Array.isArray(s.drafts)) return 'apps.notes.drafts must be an array';
  for (const [i, d] of s.drafts.entries()) {
    if (typeof d?.id !== 'string' || typeof d.title !== 'string' || typeof d.body !== 'string' || !isStrings(d.tags)) return `apps.notes.drafts[${i}] needs string id, title, body and tags`;
    if (!(VISIBILITIES as readonly string[]).includes(d.visibility)) return `apps.notes.drafts[${i}].visibility must be one of ${VISIBILITIES.join(', ')}`;
    if (!isPhotoRef(d.photo)) return `apps.notes.drafts[${i}].photo must be absent or a photo of 相册 as photos:<id> (e.g. photos:ph_001)`;
  }
  if (!Array.isArray(s.notifications)) return 'apps.notes.notifications must be an array';
  for (const [i, x] of s.notifications.entries()) if (typeof x?.id !== 'string' || !(NOTIFICATION_KINDS as readonly string[]).includes(x.kind) || !Number.isFinite(x.time)) return `apps.notes.notifications[${i}] needs an id, a kind (likes/follows/comments) and a time`;
  if (!isObj(s.seenAt) || !NOTIFICATION_KINDS.every((k) => Number.isFinite((s.seenAt as Record<string, unknown>)[k]))) return 'apps.notes.seenAt must give a time for likes, follows and comments';
  if (!isStrings(s.searchHistory)) return 'apps.notes.searchHistory must be an array of strings';
  return null;
}
