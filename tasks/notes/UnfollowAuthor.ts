import { defineTask } from '../../bridge/tasks/api.ts';
import { SEARCH_CHANGES, authorById, openAuthorBySearch, pickAuthor } from './_helpers.ts';

interface P extends Record<string, unknown> {
  authorId: string;
  nickname: string;
}

/** 取消关注 asks “确定不再关注？” first. */
export default defineTask<P>({
  goal: (p) => `我不想再看“${p.nickname}”的小橙书笔记了，帮我取消关注这个用户。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['notes'],
  startApp: 'notes',
  tags: ['notes', 'follow'],
  params: {
    _author: { sampler: (state, rng) => pickAuthor(state, rng), fields: { authorId: 'authorId', nickname: 'nickname' } },
  },
  postSample({ state, p }) {
    const a = authorById(state, p.authorId);
    if (!a.followed) {
      a.followed = true;
      a.followers += 1;
    }
  },
  criteria: (p, input) => ({
    [`apps.notes.authors[${p.authorId}].followed`]: false,
    [`apps.notes.authors[${p.authorId}].followers`]: authorById(input.init, p.authorId).followers - 1,
  }),
  expectedChanges: () => SEARCH_CHANGES,
  async oracle(ui, p) {
    await openAuthorBySearch(ui, p.authorId, p.nickname);
    await ui.tap('notes.author.follow');
    await ui.tap('dialog.confirm');
  },
});
