import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { COMMENT_TEXTS, type NoteParams, SEARCH_CHANGES, newMyComments, noteParam, openNoteBySearch } from './_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';

interface P extends NoteParams {
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
    ...noteParam(),
    text: { type: 'enum', values: COMMENT_TEXTS },
  },
  checkGoals(input, p) {
    const mine = newMyComments(input, p.noteId);
    return [
      exactlyOne('one new comment of mine on the note', mine, `apps.notes.notes[${p.noteId}].comments`),
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
