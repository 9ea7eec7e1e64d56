import { defineTask } from '../../bridge/tasks/api.ts';
import { type BoardParams, boardById, boardParam, openBoard } from './_helpers.ts';

/** The count includes notes their authors deleted (they still sit in the board). */
export default defineTask<BoardParams>({
  goal: (p) => `我在小橙书的“${p.boardName}”收藏夹里一共收藏了多少篇笔记？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['notes'],
  startApp: 'notes',
  tags: ['notes', 'lookup', 'collect'],
  params: {
    ...boardParam(),
  },
  answer: {
    fields: [{ id: 'count', label: '笔记数', hint: '如：6', type: 'number' }],
    expected: (p, input) => ({ count: { number: boardById(input.init, p.boardId).noteIds.length, tolerance: 0 } }),
  },
  async oracle(ui, p) {
    await openBoard(ui, p.boardId);
    const text = ui.find('notes.board.count')?.text ?? '';
    const m = text.match(/共(\d+)篇笔记/);
    if (!m) throw new Error(`no count on the board page (got "${text}")`);
    return m[1];
  },
});
