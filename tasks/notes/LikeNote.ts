import { defineTask } from '../../bridge/tasks/api.ts';
import { SEARCH_CHANGES, noteById, openNoteBySearch, pickNote } from './_helpers.ts';

interface P extends Record<string, unknown> {
  noteId: string;
  title: string;
}

export default defineTask<P>({
  goal: (p) => `在小橙书上给笔记《${p.title}》点个赞。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['notes'],
  startApp: 'notes',
  tags: ['notes', 'like'],
  params: {
    _note: { sampler: (state, rng) => pickNote(state, rng), fields: { noteId: 'noteId', title: 'title' } },
  },
  postSample({ state, p }) {
    const n = noteById(state, p.noteId);
    if (n.liked) {
      n.liked = false;
      n.likes = Math.max(0, n.likes - 1);
    }
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
