import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { backToChats, newMoments, openMoments } from './_helpers.ts';

interface P extends Record<string, unknown> {
  text: string;
  images: number;
}

const TEXTS = ['今天的晚霞很美', '周末去公园散步，春天到了', '新学会了一道菜：番茄炒蛋', '跑完五公里，打卡'] as const;

export default defineTask<P>({
  goal: (p) => `在聊天应用发一条朋友圈，文字是“${p.text}”${p.images > 0 ? `，并配上${p.images}张图片` : '，不配图片'}。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['moments'],
  params: {
    text: { type: 'enum', values: TEXTS },
    images: { sampler: (_s, rng) => rng.pick([0, 1, 2, 3]) },
  },
  checkGoals(input, p) {
    const added = newMoments(input);
    const m = added[0];
    return [
      criteria.that('exactly one new moment of mine', added.length === 1 && m.authorId === 'me', { expected: 1, actual: added.length, path: m ? `apps.chat.moments[${m.id}]` : undefined }),
      criteria.equals('its text', m?.text ?? null, p.text),
      criteria.equals('its number of pictures', m?.images.length ?? null, p.images),
    ];
  },
  async oracle(ui, p) {
    await openMoments(ui);
    await ui.tap('moments.post');
    await ui.type('moment.new.input', p.text);
    for (let i = 0; i < p.images; i++) await ui.tap('moment.new.addImage');
    await ui.tap('moment.new.publish');
    await backToChats(ui);
  },
});
