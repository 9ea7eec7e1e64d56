import { defineTask } from '../../bridge/tasks/api.ts';
import { notesOf, openBoard } from './_helpers.ts';

interface P extends Record<string, unknown> {
  boardId: string;
  boardName: string;
}

/** The count includes notes their authors deleted (they still sit in the board). */
export default defineTask<P>({
  goal: (p) => `我在小橙书的“${p.boardName}”收藏夹里一共收藏了多少篇笔记？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['notes'],
  startApp: 'notes',
  tags: ['notes', 'lookup', 'collect'],
  params: {
    _board: {
      sampler: (state, rng) => {
        const b = rng.pick(notesOf(state).boards);
        return { boardId: b.id, boardName: b.name };
      },
      fields: { boardId: 'boardId', boardName: 'boardName' },
    },
  },
  answer: {
    fields: [{ id: 'count', label: '笔记数', hint: '如：6', type: 'number' }],
    expected: (p, input) => ({ count: { number: notesOf(input.init).boards.find((b) => b.id === p.boardId)!.noteIds.length, tolerance: 0 } }),
  },
  async oracle(ui, p) {
    await openBoard(ui, p.boardId);
    const text = ui.find('notes.board.count')?.text ?? '';
    const m = text.match(/共(\d+)篇笔记/);
    if (!m) throw new Error(`no count on the board page (got "${text}")`);
    return m[1];
  },
});
