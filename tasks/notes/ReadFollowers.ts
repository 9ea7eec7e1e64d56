import { defineTask } from '../../bridge/tasks/api.ts';
import { TRAP_AUTHORS } from '../../simulator-apps/notes/data.ts';
import { type AuthorParams, SEARCH_CHANGES, authorById, notesOf, openAuthorBySearch, readShownCount } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

/** Trap: the look-alike author has a different follower count. */
export default defineTask<AuthorParams>({
  goal: (p) => `小橙书用户“${p.nickname}”有多少粉丝？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['notes'],
  startApp: 'notes',
  tags: ['notes', 'lookup', 'trap'],
  params: {
    ...spreadParam('_author', ['authorId', 'nickname'], (state, rng) => {
      const name = rng.pick(TRAP_AUTHORS.flat());
      const a = notesOf(state).authors.find((x) => x.nickname === name);
      return a ? { authorId: a.id, nickname: a.nickname } : null;
    }),
  },
  postSample({ state, p, rng }) {
    // Both look-alikes get exact (under 10 000) and different counts.
    const pair = TRAP_AUTHORS.find((x) => x.includes(p.nickname))!;
    const counts = [rng.int(1200, 4800), rng.int(5200, 9800)];
    for (const [i, name] of pair.entries()) notesOf(state).authors.find((a) => a.nickname === name)!.followers = counts[i];
  },
  answer: {
    fields: [{ id: 'followers', label: '粉丝数', hint: '如：3456', type: 'number' }],
    expected: (p, input) => ({ followers: { number: authorById(input.init, p.authorId).followers, tolerance: 0 } }),
  },
  expectedChanges: () => SEARCH_CHANGES,
  async oracle(ui, p) {
    await openAuthorBySearch(ui, p.authorId, p.nickname);
    return readShownCount(ui, 'notes.author.followers', authorById(ui.state, p.authorId).followers, 'the page', 'followers');
  },
});
