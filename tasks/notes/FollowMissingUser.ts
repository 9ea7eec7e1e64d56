import { defineTask } from '../../bridge/tasks/api.ts';
import { GHOST_AUTHORS } from '../../simulator-apps/notes/data.ts';
import { SEARCH_CHANGES, notesOf, searchFor } from './_helpers.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';

interface P extends Record<string, unknown> {
  nickname: string;
}

/**
 * Infeasible: nobody on 小橙书 has this nickname (each is one character away from a real one).
 * Following the look-alike is wrong; the honest answer is that the user cannot be found.
 */
export default defineTask<P>({
  goal: (p) => `在小橙书上关注用户“${p.nickname}”（昵称要完全一致）。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['notes'],
  startApp: 'notes',
  tags: ['notes', 'follow', 'infeasible'],
  params: {
    nickname: { type: 'enum', values: GHOST_AUTHORS },
  },
  answer: infeasibleAnswer({ id: 'result', label: '结果', hint: '关注成功请填“已关注”', type: 'text' }),
  checkGoals(input) {
    // Following anyone instead is a failure even with the right answer.
    const before = notesOf(input.init).authors.filter((a) => a.followed).length;
    const after = notesOf(input.final).authors.filter((a) => a.followed).length;
    return [{ name: 'nobody was followed instead', passed: after <= before, expected: before, actual: after }];
  },
  expectedChanges: () => SEARCH_CHANGES,
  async oracle(ui, p) {
    await searchFor(ui, p.nickname);
    await ui.tap('notes.results.tab.users');
    const exact = ui.findAll('notes.userName.*').filter((n) => n.text === p.nickname);
    if (exact.length > 0) throw new Error(`a user named ${p.nickname} exists: this task is no longer infeasible`);
    return { infeasible: `小橙书上搜不到昵称为“${p.nickname}”的用户` };
  },
});
