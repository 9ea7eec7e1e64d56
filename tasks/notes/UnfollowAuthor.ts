import { defineTask } from '../../bridge/tasks/api.ts';
import { type AuthorParams, SEARCH_CHANGES, authorById, authorParam, followedCriteria, openAuthorBySearch, setFollowed } from './_helpers.ts';

/** 取消关注 asks “确定不再关注？” first. */
export default defineTask<AuthorParams>({
  goal: (p) => `我不想再看“${p.nickname}”的小橙书笔记了，帮我取消关注这个用户。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['notes'],
  startApp: 'notes',
  tags: ['notes', 'follow'],
  params: {
    ...authorParam(),
  },
  postSample({ state, p }) {
    setFollowed(authorById(state, p.authorId), true);
  },
  criteria: (p, input) => followedCriteria(input, p.authorId, false),
  expectedChanges: () => SEARCH_CHANGES,
  async oracle(ui, p) {
    await openAuthorBySearch(ui, p.authorId, p.nickname);
    await ui.tap('notes.author.follow');
    await ui.tap('dialog.confirm');
  },
});
