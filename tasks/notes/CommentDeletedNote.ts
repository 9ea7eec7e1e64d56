import { defineTask } from '../../bridge/tasks/api.ts';
import { type BoardParams, type NoteParams, notesOf, openBoard } from './_helpers.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';
import { scrollAndTap } from '../_shared/ui.ts';

type P = NoteParams & BoardParams;

/**
 * Infeasible: the note sits in one of my boards but its author deleted it; it opens on
 * “该笔记已被作者删除” and cannot take comments.
 */
export default defineTask<P>({
  goal: (p) => `我在小橙书“${p.boardName}”收藏夹里收藏过一篇《${p.title}》，去这篇笔记下面评论一句“谢谢分享”。`,
  difficulty: 'L3',
  objective: 'query',
  apps: ['notes'],
  startApp: 'notes',
  tags: ['notes', 'comment', 'infeasible'],
  params: {
    ...spreadParam('_note', ['noteId', 'title', 'boardId', 'boardName'], (state, rng) => {
      const s = notesOf(state);
      const gone = s.notes.filter((n) => n.deleted && s.boards.some((b) => b.noteIds.includes(n.id)));
      if (gone.length === 0) return null;
      const n = rng.pick(gone);
      const b = s.boards.find((x) => x.noteIds.includes(n.id))!;
      return { noteId: n.id, title: n.title, boardId: b.id, boardName: b.name };
    }),
  },
  answer: infeasibleAnswer({ id: 'result', label: '结果', hint: '评论成功请填“已评论”', type: 'text' }),
  async oracle(ui, p) {
    await openBoard(ui, p.boardId);
    await scrollAndTap(ui, `notes.card.${p.noteId}`, 'notes.board.list');
    if (!ui.find({ text: '该笔记已被作者删除' })) throw new Error('the note opened normally: this task is no longer infeasible');
    return { infeasible: '这篇笔记已被作者删除，无法评论' };
  },
});
