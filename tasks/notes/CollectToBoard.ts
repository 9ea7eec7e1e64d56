import { defineTask, match } from '../../bridge/tasks/api.ts';
import { SEARCH_CHANGES, isCollected, noteById, notesOf, openNoteBySearch, pickNote } from './_helpers.ts';

interface P extends Record<string, unknown> {
  noteId: string;
  title: string;
  boardId: string;
  boardName: string;
}

/** Collecting asks which 收藏夹: the note must land in the named one, not the default. */
export default defineTask<P>({
  goal: (p) => `把小橙书上的笔记《${p.title}》收藏到我的“${p.boardName}”收藏夹里。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['notes'],
  startApp: 'notes',
  tags: ['notes', 'collect'],
  params: {
    _board: {
      sampler: (state, rng) => {
        const b = rng.pick(notesOf(state).boards.filter((x) => x.id !== 'bd_0'));
        return { boardId: b.id, boardName: b.name };
      },
      fields: { boardId: 'boardId', boardName: 'boardName' },
    },
    _note: { sampler: (state, rng) => pickNote(state, rng, (n, s) => !isCollected(s, n.id)), fields: { noteId: 'noteId', title: 'title' } },
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
