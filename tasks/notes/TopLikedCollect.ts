import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { searchNotes } from '../../simulator-apps/notes/logic.ts';
import { type BoardParams, SEARCH_CHANGES, boardParam, isCollected, notDefaultBoard, notesOf, searchFor } from './_helpers.ts';

interface P extends BoardParams {
  query: string;
}

/** Search, sort by 最多点赞, collect the first result into a named board and follow its author. */
export default defineTask<P>({
  goal: (p) => `在小橙书搜索“${p.query}”，把结果按“最多点赞”排序，把排第一的笔记收藏到“${p.boardName}”收藏夹，并关注它的作者。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['notes'],
  startApp: 'notes',
  tags: ['notes', 'search', 'collect', 'follow'],
  params: {
    query: { type: 'enum', values: ['减脂', '周末去哪儿', '通勤穿搭', '收纳', '考研'] },
    ...boardParam(notDefaultBoard),
  },
  postSample({ state, p }) {
    // The top note is neither collected nor its author followed yet.
    const s = notesOf(state);
    const top = searchNotes(s, p.query, { category: null, time: '不限', sort: '最多点赞' }, state.os.time.timestamp)[0];
    if (!top) return;
    for (const b of s.boards) b.noteIds = b.noteIds.filter((id) => id !== top.id);
    const a = s.authors.find((x) => x.id === top.authorId);
    if (a?.followed) {
      a.followed = false;
      a.followers -= 1;
    }
  },
  checkGoals(input, p) {
    const s = notesOf(input.init);
    const top = searchNotes(s, p.query, { category: null, time: '不限', sort: '最多点赞' }, input.init.os.time.timestamp)[0];
    const fin = notesOf(input.final);
    const board = fin.boards.find((b) => b.id === p.boardId)!;
    const author = fin.authors.find((a) => a.id === top.authorId);
    return [
      criteria.that('the most liked result is in the board', board.noteIds.includes(top.id), { expected: top.id, actual: board.noteIds, path: `apps.notes.boards[${p.boardId}].noteIds` }),
      criteria.equals('its collect count went up by one', fin.notes.find((n) => n.id === top.id)!.collects, s.notes.find((n) => n.id === top.id)!.collects + 1, `apps.notes.notes[${top.id}].collects`),
      criteria.equals('its author is followed', author?.followed ?? null, true, `apps.notes.authors[${top.authorId}].followed`),
      criteria.that('no other note was collected', fin.notes.every((n) => n.id === top.id || isCollected(fin, n.id) === isCollected(s, n.id)), {}),
    ];
  },
  expectedChanges: (input, p) => {
    const top = searchNotes(notesOf(input.init), p.query, { category: null, time: '不限', sort: '最多点赞' }, input.init.os.time.timestamp)[0];
    return [...SEARCH_CHANGES, `apps.notes.authors[${top.authorId}].followers`];
  },
  async oracle(ui, p) {
    await searchFor(ui, p.query);
    await ui.tap('notes.results.sort');
    await ui.tap('notes.sort.最多点赞');
    const first = ui.findAll('notes.card.*').sort((a, b) => a.bounds.y - b.bounds.y || a.bounds.x - b.bounds.x)[0];
    if (!first?.key) throw new Error('no result after sorting');
    const noteId = first.key.slice('notes.card.'.length);
    await ui.tap(first.key);
    await ui.tap('notes.note.collect');
    await ui.tap(`notes.collect.board.${p.boardId}`);
    await ui.tap('notes.note.follow');
    if (!notesOf(ui.state).boards.find((b) => b.id === p.boardId)?.noteIds.includes(noteId)) throw new Error('the note did not land in the board');
  },
});
