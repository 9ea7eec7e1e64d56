import { describe, expect, it } from 'vitest';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { Rng } from '../../simulator-apps/shared/rng.ts';
import { createNotesState } from '../../simulator-apps/notes/seed.ts';
import { GHOST_AUTHORS, TRAP_AUTHORS } from '../../simulator-apps/notes/data.ts';
import * as rules from '../../simulator-apps/notes/logic.ts';
import { homePath, notePath, notesRouteStack, parseNotesPath, resultsPath, tabOf } from '../../simulator-apps/notes/routes.ts';
import type { NotesState } from '../../simulator-apps/notes/types.ts';

const NOW = Date.UTC(2026, 2, 14, 3, 0);
const ctx = { now: NOW, timezone: 'Asia/Shanghai' };
const fresh = (seed = 7): NotesState => createNotesState(new Rng(seed), ctx);
const listedNote = (s: NotesState) => s.notes.find((n) => rules.isListed(n) && !rules.isCollected(s, n.id))!;

describe('notes seed', () => {
  it('is valid, rich and under 150 KB at every seed tried', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const s = fresh(seed);
      expect(validateOk(s)).toBeNull();
      expect(JSON.stringify(s).length).toBeLessThan(150_000);
      expect(s.authors).toHaveLength(40);
      expect(s.notes.length).toBeGreaterThanOrEqual(140);
      expect(s.notes.every((n) => n.comments.length >= 1 || n.deleted)).toBe(true);
      expect(s.notes.every((n) => n.images.length >= 1 && n.images.length <= 4)).toBe(true);
      for (const pair of TRAP_AUTHORS) for (const name of pair) expect(s.authors.filter((a) => a.nickname === name)).toHaveLength(1);
      for (const ghost of GHOST_AUTHORS) expect(s.authors.some((a) => a.nickname === ghost)).toBe(false);
      expect(s.notes.filter((n) => n.deleted)).toHaveLength(2);
      for (const n of s.notes.filter((x) => x.deleted)) expect(rules.isCollected(s, n.id)).toBe(true);
      expect(s.notes.some((n) => n.authorId === rules.ME)).toBe(true);
      expect(rules.unseenTotal(s)).toBeGreaterThan(0);
      expect(s.drafts.length).toBeGreaterThanOrEqual(1);
      expect(rules.feed(s, 'follow', null, NOW).length).toBeGreaterThan(5);
      expect(rules.feed(s, 'nearby', null, NOW).length).toBeGreaterThan(5);
      const ids = s.notes.flatMap((n) => n.comments.map((c) => c.id));
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});

function validateOk(s: unknown): string | null {
  return rules.validateNotesState(s);
}

describe('validateNotesState', () => {
  it('names the bad field', () => {
    const bad = (edit: (s: NotesState) => void): string | null => {
      const s = fresh();
      edit(s);
      return rules.validateNotesState(s);
    };
    expect(rules.validateNotesState(null)).toMatch(/apps\.notes must be an object/);
    expect(bad((s) => ((s.me as { nickname: unknown }).nickname = ''))).toMatch(/me\.nickname/);
    expect(bad((s) => ((s.notes[3] as { likes: unknown }).likes = -1))).toMatch(/notes\[3\]\.likes/);
    expect(bad((s) => ((s.notes[0] as { category: unknown }).category = '数码'))).toMatch(/notes\[0\]\.category/);
    expect(bad((s) => ((s.notes[1] as { visibility: unknown }).visibility = 'friends'))).toMatch(/notes\[1\]\.visibility/);
    expect(bad((s) => (s.boards = s.boards.filter((b) => b.id !== 'bd_0')))).toMatch(/default board/);
    expect(bad((s) => ((s.authors[2] as { followed: unknown }).followed = 'yes'))).toMatch(/authors\[2\]\.followed/);
    expect(bad((s) => ((s.seenAt as { likes: unknown }).likes = 'x'))).toMatch(/seenAt/);
    expect(bad((s) => ((s as { searchHistory: unknown }).searchHistory = [1]))).toMatch(/searchHistory/);
    expect(bad((s) => (s.notes[2].images[0].photo = 'ph_001'))).toMatch(/notes\[2\]\.images\[0\]\.photo must be absent or a photo of 相册 as photos:<id>/);
    expect(bad((s) => (s.drafts[0].photo = 'photos:'))).toMatch(/drafts\[0\]\.photo/);
    expect(bad((s) => (s.notes[2].images[0].photo = 'photos:ph_001'))).toBeNull();
  });
});

describe('likes, collects, comments, follows', () => {
  it('toggles a like and its count', () => {
    const s = fresh();
    const n = listedNote(s);
    n.liked = false;
    const before = n.likes;
    expect(rules.toggleLike(s, n.id)).toBeNull();
    expect([n.liked, n.likes]).toEqual([true, before + 1]);
    expect(rules.toggleLike(s, n.id)).toBeNull();
    expect([n.liked, n.likes]).toEqual([false, before]);
  });

  it('collects into one board and uncollects; refuses twice, unknown boards and deleted notes without changes', () => {
    const s = fresh();
    const n = listedNote(s);
    const before = n.collects;
    expect(rules.collect(s, n.id, 'bd_0')).toBeNull();
    expect(s.boards[0].noteIds[0]).toBe(n.id);
    expect(n.collects).toBe(before + 1);
    const json = JSON.stringify(s);
    expect(rules.collect(s, n.id, s.boards.at(-1)!.id)).toBe('collected');
    expect(rules.collect(s, listedNote(s).id, 'bd_99')).toBe('board');
    const gone = s.notes.find((x) => x.deleted)!;
    expect(rules.collect(s, gone.id, 'bd_0')).toBe('deleted');
    expect(JSON.stringify(s)).toBe(json);
    expect(rules.uncollect(s, n.id)).toBeNull();
    expect(rules.isCollected(s, n.id)).toBe(false);
    expect(n.collects).toBe(before);
  });

  it('creates a board with a unique trimmed name', () => {
    const s = fresh();
    const r = rules.createBoard(s, ' 咖啡馆 ');
    expect(r).toEqual({ id: rules.nextBoardId({ boards: s.boards.slice(0, -1) }) });
    expect(rules.createBoard(s, '咖啡馆')).toEqual({ error: '已有同名收藏夹' });
    expect(rules.createBoard(s, '  ')).toEqual({ error: '请输入收藏夹名称' });
  });

  it('adds my trimmed comment with the next id; refuses blank text and deleted notes', () => {
    const s = fresh();
    const n = listedNote(s);
    const id = rules.nextCommentId(s);
    const r = rules.addComment(s, n.id, '  好看！ ', NOW);
    expect(r).toEqual({ comment: { id, authorId: 'me', text: '好看！', time: NOW, likes: 0, liked: false } });
    expect(n.comments.at(-1)!.id).toBe(id);
    expect(rules.orderedComments(n.comments)[0].id).toBe(id);
    const json = JSON.stringify(s);
    expect(rules.addComment(s, n.id, '   ', NOW)).toEqual({ refusal: 'text' });
    expect(rules.addComment(s, s.notes.find((x) => x.deleted)!.id, '你好', NOW)).toEqual({ refusal: 'deleted' });
    expect(rules.addComment(s, 'n_999', '你好', NOW)).toEqual({ refusal: 'note' });
    expect(JSON.stringify(s)).toBe(json);
  });

  it('likes a comment', () => {
    const s = fresh();
    const n = listedNote(s);
    const c = n.comments[0];
    c.liked = false;
    const before = c.likes;
    rules.toggleCommentLike(s, n.id, c.id);
    expect([c.liked, c.likes]).toEqual([true, before + 1]);
  });

  it('follows and unfollows, moving the follower count; unknown authors are refused', () => {
    const s = fresh();
    const a = s.authors.find((x) => !x.followed)!;
    const before = a.followers;
    const following = rules.followingCount(s);
    expect(rules.setFollow(s, a.id, true)).toBeNull();
    expect([a.followed, a.followers, rules.followingCount(s)]).toEqual([true, before + 1, following + 1]);
    expect(rules.setFollow(s, a.id, true)).toBeNull();
    expect(a.followers).toBe(before + 1);
    expect(rules.setFollow(s, a.id, false)).toBeNull();
    expect([a.followed, a.followers]).toEqual([false, before]);
    expect(rules.setFollow(s, 'a_99', true)).toBe('author');
  });
});

describe('feeds and search', () => {
  it('feeds hold only listed notes; 关注 only followed authors; 附近 only my city', () => {
    const s = fresh(3);
    const follow = rules.feed(s, 'follow', null, NOW);
    const followed = new Set(s.authors.filter((a) => a.followed).map((a) => a.id));
    expect(follow.every((n) => followed.has(n.authorId) && rules.isListed(n))).toBe(true);
    expect(follow.map((n) => n.time)).toEqual(follow.map((n) => n.time).sort((a, b) => b - a));
    expect(rules.feed(s, 'nearby', null, NOW).every((n) => n.city === s.me.city)).toBe(true);
    expect(rules.feed(s, 'explore', '美食', NOW).every((n) => n.category === '美食')).toBe(true);
    expect(rules.feed(s, 'explore', null, NOW).some((n) => n.deleted || n.authorId === 'me')).toBe(false);
  });

  it('发现 puts the best recommended first, ties by id', () => {
    const s = fresh(3);
    const scores = rules.feed(s, 'explore', null, NOW).map((n) => [rules.recommendScore(n, NOW), n.id] as const);
    expect(scores.length).toBeGreaterThan(20);
    for (let i = 1; i < scores.length; i++) {
      const [prev, next] = [scores[i - 1]!, scores[i]!];
      expect(prev[0] > next[0] || (prev[0] === next[0] && prev[1] < next[1])).toBe(true);
    }
  });

  it('waterfall balances two columns', () => {
    const [a, b] = rules.waterfall([3, 1, 1, 1, 2], (x) => x);
    expect(a).toEqual([3, 2]);
    expect(b).toEqual([1, 1, 1]);
  });

  it('searches titles, tags and nicknames, with filters and sorts', () => {
    const s = fresh(2);
    const all = rules.searchNotes(s, '减脂', { category: null, time: '不限', sort: '综合' }, NOW);
    expect(all.length).toBeGreaterThan(2);
    const byLikes = rules.searchNotes(s, '减脂', { category: null, time: '不限', sort: '最多点赞' }, NOW);
    expect(byLikes.map((n) => n.likes)).toEqual(byLikes.map((n) => n.likes).sort((x, y) => y - x));
    const byComments = rules.searchNotes(s, '减脂', { category: null, time: '不限', sort: '最多评论' }, NOW);
    expect(byComments[0].comments.length).toBe(Math.max(...byComments.map((n) => n.comments.length)));
    const newest = rules.searchNotes(s, '减脂', { category: null, time: '不限', sort: '最新' }, NOW);
    expect(newest.map((n) => n.time)).toEqual(newest.map((n) => n.time).sort((x, y) => y - x));
    expect(rules.searchNotes(s, '减脂', { category: '健身', time: '不限', sort: '综合' }, NOW).every((n) => n.category === '健身')).toBe(true);
    expect(rules.searchNotes(s, '减脂', { category: null, time: '一周内', sort: '综合' }, NOW).every((n) => NOW - n.time <= 7 * 86_400_000)).toBe(true);
    expect(rules.searchNotes(s, '没有这种东西啊', { category: null, time: '不限', sort: '综合' }, NOW)).toEqual([]);
    expect(rules.searchUsers(s, '晚风').map((a) => a.nickname).sort()).toEqual(['晚风小满', '晚风小蛮'].sort());
    expect(rules.suggestions(s, '减脂')[0]).toMatch(/减脂/);
  });

  it('keeps a history of at most 10, newest first, without duplicates', () => {
    const s = fresh();
    for (let i = 0; i < 12; i++) rules.addSearchHistory(s, `词${i}`);
    rules.addSearchHistory(s, '词5');
    expect(s.searchHistory).toHaveLength(10);
    expect(s.searchHistory[0]).toBe('词5');
    expect(new Set(s.searchHistory).size).toBe(10);
    rules.clearSearchHistory(s);
    expect(s.searchHistory).toEqual([]);
  });
});

describe('publishing and drafts', () => {
  const editor = (patch: Partial<rules.EditorDraft>): rules.EditorDraft => ({ ...rules.emptyEditor(), ...patch });

  it('publishes my note with normalised tags and the chosen visibility; a draft it came from goes', () => {
    const s = fresh();
    const draftId = s.drafts[0].id;
    const id = rules.nextNoteId(s);
    const r = rules.publish(s, editor({ title: ' 周末的早餐 ', body: '煎蛋和吐司', tags: ['#早餐打卡', '早餐打卡', '一人 食'], visibility: 'private', city: '上海' }), NOW, draftId);
    expect('note' in r && r.note).toMatchObject({ id, authorId: 'me', title: '周末的早餐', tags: ['早餐打卡', '一人食'], visibility: 'private', city: '上海', time: NOW, likes: 0, category: '美食' });
    expect(s.drafts.some((d) => d.id === draftId)).toBe(false);
  });

  it('refuses an empty note or a title over 20 characters', () => {
    const s = fresh();
    const json = JSON.stringify(s);
    expect(rules.publish(s, editor({ tags: ['只有话题'] }), NOW, null)).toEqual({ refusal: 'empty' });
    expect(rules.publish(s, editor({ title: '一二三四五六七八九十一二三四五六七八九十一' }), NOW, null)).toEqual({ refusal: 'title' });
    expect(JSON.stringify(s)).toBe(json);
  });

  it('saves a new draft or updates the one being edited', () => {
    const s = fresh();
    const id = rules.saveDraft(s, editor({ title: '草稿', body: '写了一半' }), NOW, null);
    expect(s.drafts.find((d) => d.id === id)).toMatchObject({ title: '草稿', body: '写了一半', updatedAt: NOW });
    expect(rules.saveDraft(s, editor({ title: '草稿2' }), NOW + 1, id)).toBe(id);
    expect(s.drafts.find((d) => d.id === id)!.title).toBe('草稿2');
    rules.deleteDraft(s, id);
    expect(s.drafts.some((d) => d.id === id)).toBe(false);
  });

  it('keeps a photo of 相册 as the picture of the draft and of the note published from it', () => {
    const s = fresh();
    const withPhoto = editor({ ...rules.emptyEditor('photos:ph_003'), title: '湖边散步' });
    expect(rules.hasContent(rules.emptyEditor('photos:ph_003'))).toBe(true);
    const draftId = rules.saveDraft(s, withPhoto, NOW, null);
    const draft = s.drafts.find((d) => d.id === draftId)!;
    expect(draft.photo).toBe('photos:ph_003');
    const r = rules.publish(s, rules.editorOf(draft), NOW, draftId);
    expect('note' in r && r.note.images).toEqual([{ palette: 0, text: '湖边散步', ratio: 0.75, photo: 'photos:ph_003' }]);
    expect(rules.validateNotesState(s)).toBeNull();
    // A note written without one keeps no photo field at all (the seeded notes' shape).
    const plain = rules.publish(s, editor({ title: '没有照片' }), NOW, null);
    expect('note' in plain && Object.keys(plain.note.images[0]).sort()).toEqual(['palette', 'ratio', 'text']);
  });

  it('adds tags once, without # and spaces, at most 10', () => {
    let tags: string[] = [];
    tags = rules.addTag(tags, '#周末 去哪儿');
    tags = rules.addTag(tags, '周末去哪儿');
    tags = rules.addTag(tags, '  ');
    expect(tags).toEqual(['周末去哪儿']);
    for (let i = 0; i < 20; i++) tags = rules.addTag(tags, `t${i}`);
    expect(tags).toHaveLength(10);
  });
});

describe('profile and notifications', () => {
  it('updates nickname and bio; refuses an empty nickname', () => {
    const s = fresh();
    expect(rules.updateProfile(s, ' 新昵称 ', '新的简介')).toBeNull();
    expect([s.me.nickname, s.me.bio]).toEqual(['新昵称', '新的简介']);
    expect(rules.updateProfile(s, '  ', 'x')).toBe('nickname');
    expect(s.me.nickname).toBe('新昵称');
  });

  it('clears one kind of badge when viewed', () => {
    const s = fresh();
    const kind = (['likes', 'follows', 'comments'] as const).find((k) => rules.unseen(s, k) > 0)!;
    const total = rules.unseenTotal(s);
    const n = rules.unseen(s, kind);
    rules.markSeen(s, kind, NOW);
    expect(rules.unseen(s, kind)).toBe(0);
    expect(rules.unseenTotal(s)).toBe(total - n);
  });

  it('formats counts and times like the app', () => {
    expect(rules.formatCount(9999)).toBe('9999');
    expect(rules.formatCount(12_345)).toBe('1.2万');
    expect(rules.formatCount(100_000)).toBe('10万');
    expect(rules.formatNoteTime(NOW - 30_000, NOW)).toBe('刚刚');
    expect(rules.formatNoteTime(NOW - 5 * 60_000, NOW)).toBe('5分钟前');
    expect(rules.formatNoteTime(NOW - 3 * 86_400_000, NOW)).toBe('3天前');
    expect(rules.formatNoteTime(Date.UTC(2026, 0, 5, 4), NOW)).toBe('01-05');
    expect(rules.formatNoteTime(Date.UTC(2025, 10, 20, 4), NOW)).toBe('2025-11-20');
  });
});

describe('routes', () => {
  it('parses paths and builds them back', () => {
    expect(parseNotesPath('/')).toEqual({ screen: 'home', feed: 'explore', category: null });
    expect(parseNotesPath(homePath('explore', '美食'))).toEqual({ screen: 'home', feed: 'explore', category: '美食' });
    expect(parseNotesPath(homePath('nearby', null))).toEqual({ screen: 'home', feed: 'nearby', category: null });
    expect(parseNotesPath(notePath('n_012', 'collect'))).toEqual({ screen: 'note', noteId: 'n_012', sheet: 'collect' });
    const q = { q: '减脂 餐', tab: 'users' as const, category: '美食' as const, time: '一周内' as const, sort: '最多点赞' as const };
    expect(parseNotesPath(resultsPath(q))).toEqual({ screen: 'results', query: q });
    expect(parseNotesPath('/publish/d_01')).toEqual({ screen: 'publish', draftId: 'd_01', photoId: null });
    expect(parseNotesPath('/publish?photo=ph_012')).toEqual({ screen: 'publish', draftId: null, photoId: 'ph_012' });
    expect(parseNotesPath('/publish?photo=a%20b')).toEqual({ screen: 'publish', draftId: null, photoId: null });
    expect(parseNotesPath('/nope').screen).toBe('notFound');
  });

  it('gives deep links the stack a user would have', () => {
    expect(notesRouteStack('/note/n_001?sheet=share')).toEqual(['/', '/note/n_001', '/note/n_001?sheet=share']);
    expect(notesRouteStack('/board/bd_1')).toEqual(['/me', '/board/bd_1']);
    expect(notesRouteStack('/messages/likes')).toEqual(['/messages', '/messages/likes']);
    expect(notesRouteStack('/publish/d_01')).toEqual(['/me', '/drafts', '/publish/d_01']);
    expect(tabOf('/me?tab=collects')).toBe('/me');
    expect(tabOf('/hot')).toBe('/hot');
  });
});

describe('stray changes', () => {
  it('plan edits at their path that no parameter mentions', async () => {
    const { strays: notesStray, STRAY_NOTES_BIO } = await import('../../tasks/notes/_stray.ts');
    const state = createInitialState(2);
    for (const stray of notesStray) {
      const plan = stray.plan(state, { noteId: 'n_001', title: '某个标题' })!;
      expect(plan, stray.id).toBeTruthy();
      const draft = JSON.parse(JSON.stringify(state)) as typeof state;
      plan.apply(draft);
      expect(JSON.stringify(draft)).not.toBe(JSON.stringify(state));
      if (stray.id === 'notes.bio') expect((draft.apps.notes as unknown as NotesState).me.bio).toBe(STRAY_NOTES_BIO);
      else expect(plan.path).not.toContain('n_001');
    }
  });
});
