import { defineTask } from '../../bridge/tasks/api.ts';
import { type NoteParams, SEARCH_CHANGES, noteById, noteParam, openNoteBySearch, unlike } from './_helpers.ts';

export default defineTask<NoteParams>({
  goal: (p) => `在小橙书上给笔记《${p.title}》点个赞。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['notes'],
  startApp: 'notes',
  tags: ['notes', 'like'],
  params: {
    ...noteParam(),
  },
  postSample({ state, p }) {
    unlike(noteById(state, p.noteId));
  },
  criteria: (p, input) => ({
    [`apps.notes.notes[${p.noteId}].liked`]: true,
    [`apps.notes.notes[${p.noteId}].likes`]: noteById(input.init, p.noteId).likes + 1,
  }),
  expectedChanges: () => SEARCH_CHANGES,
  async oracle(ui, p) {
    await openNoteBySearch(ui, p.noteId, p.title);
    await ui.tap('notes.note.like');
  },
});
