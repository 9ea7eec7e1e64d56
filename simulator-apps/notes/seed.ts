/**
 * Seed data for 小橙书: 40 authors (two look-alike pairs), ~144 notes over the last seven months
 * with comments, my own notes, boards, drafts, notifications and search history. Pure: importable
 * from Node. The seed changes who wrote what, counts, times, cities and what I follow or collected,
 * never the structure.
 */
import { AUTHOR_AVATAR_COLORS } from '../shared/avatarColors.ts';
import type { Rng } from '../shared/rng.ts';
import { AUTHORS, BOARD_NAMES, BODY_POOL, CITIES, COMMENT_POOL, COVER_PALETTES, DRAFT_SEEDS, HISTORY_SEEDS, ME_SEED, MY_NOTES, NOTES, TRAP_TITLES, type NoteSeed } from './data.ts';
import { CATEGORIES, type Author, type Board, type Category, type Comment, type Cover, type Draft, type Note, type NotesState, type Notification } from './types.ts';

export interface NotesSeedContext {
  now: number;
  timezone: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (n: number, w: number): string => String(n).padStart(w, '0');

/** A count spread over orders of magnitude (most notes have hundreds of likes, a few tens of thousands). */
function logInt(rng: Rng, min: number, max: number): number {
  const v = Math.exp(Math.log(min) + rng.next() * (Math.log(max) - Math.log(min)));
  return Math.round(v);
}

export function createNotesState(rng: Rng, ctx: NotesSeedContext): NotesState {
  const authors = createAuthors(rng.fork('authors'));
  const notes = createNotes(rng.fork('notes'), authors, ctx);
  const boards = createBoards(rng.fork('boards'), notes);
  const notifications = createNotifications(rng.fork('notifications'), authors, notes, ctx);
  const r = rng.fork('me');
  const mine = notes.filter((x) => x.authorId === 'me');
  const seenAt = {
    likes: notifications.filter((x) => x.kind === 'likes').at(-r.int(2, 4))?.time ?? ctx.now,
    follows: notifications.filter((x) => x.kind === 'follows').at(-r.int(1, 2))?.time ?? ctx.now,
    comments: notifications.filter((x) => x.kind === 'comments').at(-r.int(1, 2))?.time ?? ctx.now,
  };
  // "after seenAt" is unseen: step back one ms so the chosen notification itself counts.
  seenAt.likes -= 1;
  seenAt.follows -= 1;
  seenAt.comments -= 1;
  return {
    me: {
      nickname: ME_SEED.nickname,
      redId: String(r.int(100_000_000, 999_999_999)),
      bio: ME_SEED.bio,
      avatar: { color: ME_SEED.color, glyph: ME_SEED.glyph },
      city: ME_SEED.city,
      followers: r.int(60, 900),
      likedAndCollected: mine.reduce((s, x) => s + x.likes + x.collects, 0) + r.int(0, 300),
    },
    authors,
    notes,
    boards,
    drafts: createDrafts(r, ctx),
    notifications,
    seenAt,
    searchHistory: r.sample(HISTORY_SEEDS, r.int(4, 6)),
  };
}

function createAuthors(rng: Rng): Author[] {
  const order = rng.shuffle(AUTHORS);
  const followed = new Set(rng.sample(order.map((a) => a.nickname), rng.int(7, 10)));
  return order.map((a, i) => {
    const followers = logInt(rng, 200, 420_000);
    return {
      id: `a_${pad(i + 1, 2)}`,
      nickname: a.nickname,
      avatar: { color: rng.pick(AUTHOR_AVATAR_COLORS), glyph: a.glyph },
      bio: a.bio,
      city: rng.pick(CITIES),
      followers,
      following: rng.int(12, 600),
      likedAndCollected: followers * rng.int(3, 14) + rng.int(0, 999),
      followed: followed.has(a.nickname),
      followsMe: rng.chance(0.2),
    };
  });
}

const EXTRA_IMAGE_TEXT = ['细节', '实拍', '清单', '步骤', '路线', '对比', '成品', '角落'];

function images(rng: Rng, cover: string): Cover[] {
  const ratio = rng.pick([0.75, 0.75, 0.75, 1, 1, 1.33]);
  const palette = rng.int(0, COVER_PALETTES.length - 1);
  const count = rng.pick([1, 2, 2, 3, 3, 4]);
  const out: Cover[] = [{ palette, text: cover, ratio }];
  const extras = rng.sample(EXTRA_IMAGE_TEXT, count - 1);
  for (const [i, text] of extras.entries()) out.push({ palette: (palette + 1 + i * 3) % COVER_PALETTES.length, text, ratio });
  return out;
}

function body(rng: Rng, seed: NoteSeed, category: Category): string {
  return [seed.lead, ...rng.sample(BODY_POOL[category], rng.int(2, 3))].join('');
}

/** A publish time: a few within the day, more within the week, most over seven months. */
function publishTime(rng: Rng, now: number): number {
  const roll = rng.next();
  const age = roll < 0.08 ? rng.int(20, 22 * 60) * MINUTE : roll < 0.28 ? rng.int(1, 6) * DAY + rng.int(0, 23) * HOUR : rng.int(8, 210) * DAY + rng.int(0, 23) * HOUR;
  return now - age - rng.int(0, 59) * 1000;
}

function comments(rng: Rng, authors: Author[], authorId: string, category: Category, from: number, now: number): Omit<Comment, 'id'>[] {
  const count = rng.int(1, 5);
  const people = authors.filter((a) => a.id !== authorId);
  const texts = rng.sample([...COMMENT_POOL[category], ...COMMENT_POOL.any], count);
  const out: Omit<Comment, 'id'>[] = [];
  for (const text of texts) {
    out.push({ authorId: rng.pick(people).id, text, time: from + Math.floor(rng.next() * (now - from - MINUTE)), likes: rng.chance(0.3) ? 0 : logInt(rng, 1, 400), liked: rng.chance(0.08) });
  }
  return out.sort((a, b) => a.time - b.time);
}

function createNotes(rng: Rng, authors: Author[], ctx: NotesSeedContext): Note[] {
  type Raw = Omit<Note, 'id' | 'comments'> & { comments: Omit<Comment, 'id'>[] };
  const raw: Raw[] = [];
  for (const category of CATEGORIES) {
    const fans = authors.filter((a) => AUTHORS.find((s) => s.nickname === a.nickname)?.focus === category);
    for (const seed of NOTES[category]) {
      const author = fans.length > 0 && rng.chance(0.75) ? rng.pick(fans) : rng.pick(authors);
      const time = publishTime(rng, ctx.now);
      const likes = logInt(rng, 3, 60_000);
      raw.push({
        authorId: author.id,
        title: seed.title,
        body: body(rng, seed, category),
        tags: seed.tags.slice(),
        category,
        images: images(rng, seed.cover),
        likes,
        liked: rng.chance(0.1),
        collects: Math.round(likes * (0.15 + rng.next() * 0.7)),
        comments: comments(rng, authors, author.id, category, time, ctx.now),
        time,
        city: rng.chance(0.06) ? '' : rng.chance(0.16) ? ME_SEED.city : rng.chance(0.75) ? author.city : rng.pick(CITIES),
        visibility: 'public',
        deleted: false,
      });
    }
  }
  for (const seed of MY_NOTES) {
    const time = ctx.now - rng.int(3, 120) * DAY - rng.int(0, 23) * HOUR;
    const likes = logInt(rng, 4, 400);
    raw.push({
      authorId: 'me',
      title: seed.title,
      body: body(rng, seed, seed.category),
      tags: seed.tags.slice(),
      category: seed.category,
      images: images(rng, seed.cover),
      likes,
      liked: false,
      collects: Math.round(likes * 0.3),
      comments: comments(rng, authors, 'me', seed.category, time, ctx.now),
      time,
      city: ME_SEED.city,
      visibility: rng.pick(['public', 'public', 'public', 'mutual', 'private']),
      deleted: false,
    });
  }
  raw.sort((a, b) => a.time - b.time);
  let c = 0;
  const notes: Note[] = raw.map((x, i) => ({ ...x, id: `n_${pad(i + 1, 3)}`, comments: [] }));
  // Comment ids in time order across all notes.
  const all = raw.flatMap((x, i) => x.comments.map((cm) => ({ note: i, cm }))).sort((a, b) => a.cm.time - b.cm.time);
  for (const { note, cm } of all) notes[note].comments.push({ id: `cm_${pad(++c, 4)}`, ...cm });
  for (const note of notes) note.comments.sort((a, b) => a.time - b.time);
  // Two notes were deleted by their authors (they stay as placeholders in boards).
  for (const note of rng.sample(notes.filter((x) => x.authorId !== 'me' && !(TRAP_TITLES as readonly string[]).includes(x.title)), 2)) {
    note.deleted = true;
    note.comments = [];
  }
  return notes;
}

function createBoards(rng: Rng, notes: Note[]): Board[] {
  const others = notes.filter((x) => x.authorId !== 'me' && !x.deleted);
  const byCat = (cats: Category[]): Note[] => others.filter((x) => cats.includes(x.category));
  const pools: Record<string, Note[]> = {
    周末去哪儿: byCat(['旅行']),
    减脂食谱: byCat(['美食', '健身']),
    穿搭灵感: byCat(['穿搭']),
    家居灵感: byCat(['家居']),
  };
  const names = rng.sample(BOARD_NAMES, rng.int(2, 4));
  const used = new Set<string>();
  const take = (pool: Note[], k: number): string[] => {
    const picked = rng.sample(pool.filter((x) => !used.has(x.id)), k);
    for (const x of picked) used.add(x.id);
    return picked.sort((a, b) => b.time - a.time).map((x) => x.id);
  };
  const boards: Board[] = [{ id: 'bd_0', name: '默认收藏夹', noteIds: take(others, rng.int(5, 9)) }];
  for (const [i, name] of BOARD_NAMES.entries()) {
    if (!names.includes(name)) continue;
    boards.push({ id: `bd_${i + 1}`, name, noteIds: take(pools[name], rng.int(3, 7)) });
  }
  // Each deleted note sits in a board (what the user sees of it: 该笔记已被作者删除).
  for (const note of notes.filter((x) => x.deleted)) rng.pick(boards).noteIds.splice(rng.int(0, 2), 0, note.id);
  for (const b of boards) for (const id of b.noteIds) {
    const note = notes.find((x) => x.id === id)!;
    if (note.collects < 1) note.collects = 1;
  }
  return boards;
}

function createNotifications(rng: Rng, authors: Author[], notes: Note[], ctx: NotesSeedContext): Notification[] {
  const mine = notes.filter((x) => x.authorId === 'me');
  const out: Omit<Notification, 'id'>[] = [];
  const recent = (): number => ctx.now - rng.int(10, 14 * 24 * 60) * MINUTE;
  for (let i = 0; i < rng.int(7, 10); i++) {
    const note = rng.pick(mine);
    out.push({ kind: 'likes', from: rng.pick(authors).id, noteId: note.id, text: rng.chance(0.65) ? '赞了你的笔记' : '收藏了你的笔记', time: recent() });
  }
  for (const a of rng.sample(authors, rng.int(3, 5))) out.push({ kind: 'follows', from: a.id, noteId: '', text: '开始关注你了', time: recent() });
  // Comment notifications are the newest comments on my notes.
  const onMine = mine.flatMap((x) => x.comments.map((cm) => ({ note: x, cm }))).sort((a, b) => b.cm.time - a.cm.time).slice(0, 4);
  for (const { note, cm } of onMine) out.push({ kind: 'comments', from: cm.authorId, noteId: note.id, text: `评论了你的笔记：${cm.text}`, time: cm.time });
  out.sort((a, b) => a.time - b.time);
  return out.map((x, i) => ({ id: `nt_${pad(i + 1, 3)}`, ...x }));
}

function createDrafts(rng: Rng, ctx: NotesSeedContext): Draft[] {
  return rng.sample(DRAFT_SEEDS, rng.int(1, 2)).map((d, i) => ({
    id: `d_${pad(i + 1, 2)}`,
    title: d.title,
    body: d.body,
    tags: d.tags.slice(),
    palette: d.palette,
    category: '' as const,
    visibility: 'public' as const,
    city: '',
    updatedAt: ctx.now - rng.int(1, 20) * DAY - rng.int(0, 1000) * MINUTE,
  }));
}
