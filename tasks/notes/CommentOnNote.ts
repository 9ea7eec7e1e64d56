import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { COMMENT_TEXTS, SEARCH_CHANGES, newMyComments, openNoteBySearch, pickNote } from './_helpers.ts';

interface P extends Record<string, unknown> {
  noteId: string;
  title: string;
  text: string;
}

export default defineTask<P>({
  goal: (p) => `在小橙书笔记《${p.title}》下面发一条评论：${p.text}`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['notes'],
  startApp: 'notes',
  tags: ['notes', 'comment'],
  params: {
    _note: { sampler: (state, rng) => pickNote(state, rng), fields: { noteId: 'noteId', title: 'title' } },
    text: { type: 'enum', values: COMMENT_TEXTS },
  },
  checkGoals(input, p) {
    const mine = newMyComments(input, p.noteId);
    return [
      criteria.that('one new comment of mine on the note', mine.length === 1, { expected: 1, actual: mine.length, path: `apps.notes.notes[${p.noteId}].comments` }),
      criteria.equals('its text', mine[0]?.text ?? null, p.text),
    ];
  },
  expectedChanges: () => SEARCH_CHANGES,
  async oracle(ui, p) {
    await openNoteBySearch(ui, p.noteId, p.title);
    await ui.type('notes.comment.input', p.text);
    await ui.tap('notes.comment.send');
  },
});
