import { defineTask } from '../../bridge/tasks/api.ts';
import { TRAP_AUTHORS } from '../../simulator-apps/notes/data.ts';
import { type AuthorParams, SEARCH_CHANGES, authorById, followedCriteria, notesOf, openAuthorBySearch, setFollowed } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { oneAndTwin } from '../_shared/records.ts';

interface P extends AuthorParams {
  lookAlikeId: string;
}

/** Trap: two authors' nicknames differ by one character (晚风小满/晚风小蛮, 是阿柒呀/是阿七呀). */
export default defineTask<P>({
  goal: (p) => `在小橙书上关注用户“${p.nickname}”。注意有名字很像的用户，别关注错了。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['notes'],
  startApp: 'notes',
  tags: ['notes', 'follow', 'trap'],
  params: {
    ...spreadParam('_author', ['authorId', 'nickname', 'lookAlikeId'], (state, rng) => {
      const [name, twin] = oneAndTwin(rng, rng.pick(TRAP_AUTHORS));
      const s = notesOf(state);
      const a = s.authors.find((x) => x.nickname === name);
      const b = s.authors.find((x) => x.nickname === twin);
      return a && b ? { authorId: a.id, nickname: a.nickname, lookAlikeId: b.id } : null;
    }),
  },
  postSample({ state, p }) {
    for (const id of [p.authorId, p.lookAlikeId]) setFollowed(authorById(state, id), false);
  },
  criteria: (p, input) => followedCriteria(input, p.authorId, true),
  expectedChanges: () => SEARCH_CHANGES,
  async oracle(ui, p) {
    await openAuthorBySearch(ui, p.authorId, p.nickname);
    await ui.tap('notes.author.follow');
  },
});
