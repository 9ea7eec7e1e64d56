import { defineTask, match } from '../../bridge/tasks/api.ts';
import { type BoardParams, type NoteParams, SEARCH_CHANGES, boardParam, isCollected, noteById, noteParam, notDefaultBoard, openNoteBySearch } from './_helpers.ts';

type P = NoteParams & BoardParams;

/** Collecting asks which 收藏夹: the note must land in the named one, not the default. */
export default defineTask<P>({
  goal: (p) => `把小橙书上的笔记《${p.title}》收藏到我的“${p.boardName}”收藏夹里。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['notes'],
  startApp: 'notes',
  tags: ['notes', 'collect'],
  params: {
    ...boardParam(notDefaultBoard),
    ...noteParam((n, s) => !isCollected(s, n.id)),
  },
  criteria: (p, input) => ({
    [`apps.notes.boards[${p.boardId}].noteIds`]: match.that(`holds ${p.noteId}`, (v) => Array.isArray(v) && v.includes(p.noteId)),
    [`apps.notes.notes[${p.noteId}].collects`]: noteById(input.init, p.noteId).collects + 1,
  }),
  expectedChanges: () => SEARCH_CHANGES,
  async oracle(ui, p) {
    await openNoteBySearch(ui, p.noteId, p.title);
    await ui.tap('notes.note.collect');
    await ui.tap(`notes.collect.board.${p.boardId}`);
  },
});
