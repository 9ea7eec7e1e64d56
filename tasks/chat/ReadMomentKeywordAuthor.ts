import { defineTask } from '../../bridge/tasks/api.ts';
import { backToChats, chatOf, openMoments } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  keyword: string;
  momentId: string;
}

const KEYWORDS = ['咖啡', '猫', '马拉松', '火锅', '跑', '樱花', '爬山', '蛋糕', '周末', '花', '相机', '演唱会', '早餐', '新家', '书'] as const;
/** Only keywords whose newest mention is among the newest moments, so the feed needs a few swipes, not forty. */
const RECENT = 10;

export default defineTask<P>({
  goal: (p) => `在聊天应用的朋友圈里，最近一条提到“${p.keyword}”的朋友圈是谁发的？`,
  difficulty: 'L3',
  objective: 'query',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['moments'],
  params: {
    ...spreadParam('_kw', ['keyword', 'momentId'], (state, rng) => {
      const moments = chatOf(state).moments.slice().sort((a, b) => b.time - a.time);
      const present = KEYWORDS.filter((k) => {
        const i = moments.findIndex((m) => m.text.includes(k));
        return i >= 0 && i < RECENT && moments[i].authorId !== 'me';
      });
      if (present.length === 0) return null;
      const keyword = rng.pick(present);
      // The newest moment mentioning it (mine do not count: the question is about the contacts').
      const m = moments.find((x) => x.text.includes(keyword))!;
      if (m.authorId === 'me') return null;
      return { keyword, momentId: m.id };
    }),
  },
  answer: {
    fields: [{ id: 'name', label: '发布者', type: 'text' }],
    expected: (p, input) => {
      const s = chatOf(input.init);
      const m = s.moments.find((x) => x.id === p.momentId)!;
      const c = s.contacts.find((x) => x.id === m.authorId)!;
      return { name: c.remark !== '' ? [c.remark, c.name] : c.name };
    },
  },
  async oracle(ui, p) {
    await openMoments(ui);
    const text = (await ui.scrollTo(`moment.text.${p.momentId}`, { within: 'moments.list', maxSwipes: 30 })).text;
    await ui.scrollTo(`moment.author.${p.momentId}`, { within: 'moments.list' });
    if (!text.includes(p.keyword)) throw new Error(`moment ${p.momentId} does not mention ${p.keyword}`);
    const name = ui.find(`moment.author.${p.momentId}`)!.text;
    await backToChats(ui);
    return name;
  },
});
