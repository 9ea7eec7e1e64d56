import { defineTask } from '../../bridge/tasks/api.ts';
import { type NoteParams, SEARCH_CHANGES, noteById, noteParam, openNoteBySearch, readShownCount } from './_helpers.ts';

export default defineTask<NoteParams>({
  goal: (p) => `小橙书上的笔记《${p.title}》现在有多少个赞？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['notes'],
  startApp: 'notes',
  tags: ['notes', 'lookup'],
  params: {
    // Under 10 000 the page shows the exact number (above it, “1.2万”).
    ...noteParam((n) => n.likes < 10_000 && n.likes >= 20),
  },
  answer: {
    fields: [{ id: 'likes', label: '点赞数', hint: '如：1234', type: 'number' }],
    expected: (p, input) => ({ likes: { number: noteById(input.init, p.noteId).likes, tolerance: 0 } }),
  },
  expectedChanges: () => SEARCH_CHANGES,
  async oracle(ui, p) {
    await openNoteBySearch(ui, p.noteId, p.title);
    return readShownCount(ui, 'notes.note.likes', noteById(ui.state, p.noteId).likes, 'the note page', 'likes');
  },
});
