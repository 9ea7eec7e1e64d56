import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { newMyNotes } from './_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { scrollAndTap } from '../_shared/ui.ts';

interface P extends Record<string, unknown> {
  post: number;
}

const POSTS = [
  { title: '今天的晚饭', body: '番茄炒蛋配米饭，简单又好吃。', tags: ['一人食', '家常菜'] },
  { title: '周末读书记录', body: '这周读完了一本小说，结尾很意外。', tags: ['读书笔记', '周末'] },
  { title: '晨跑第七天', body: '今天跑了五公里，配速比昨天快了一点。', tags: ['跑步打卡', '自律'] },
  { title: '阳台的花开了', body: '种了一个月的月季终于开花了。', tags: ['阳台', '绿植'] },
] as const;

/** Trap: the note must be 仅自己可见, not the default 公开 (nor 仅互关好友可见). */
export default defineTask<P>({
  goal: (p) => {
    const x = POSTS[p.post];
    return `在小橙书发布一篇笔记：标题“${x.title}”，正文“${x.body}”，添加话题 #${x.tags[0]} 和 #${x.tags[1]}，并且设置成仅自己可见。`;
  },
  difficulty: 'L3',
  objective: 'action',
  apps: ['notes'],
  startApp: 'notes',
  tags: ['notes', 'publish', 'trap'],
  params: { post: { type: 'enum', values: [0, 1, 2, 3] } },
  checkGoals(input, p) {
    const x = POSTS[p.post];
    const added = newMyNotes(input);
    const n = added[0];
    return [
      exactlyOne('exactly one new note of mine', added, 'apps.notes.notes'),
      criteria.equals('its title', n?.title ?? null, x.title),
      criteria.equals('its body', n?.body ?? null, x.body),
      criteria.that('it carries both tags', !!n && x.tags.every((t) => n.tags.includes(t)), { expected: x.tags, actual: n?.tags ?? null }),
      criteria.equals('its visibility', n?.visibility ?? null, 'private'),
    ];
  },
  async oracle(ui, p) {
    const x = POSTS[p.post];
    await ui.tap('notes.tab.publish');
    await ui.type('notes.publish.title', x.title);
    await ui.type('notes.publish.body', x.body);
    for (const t of x.tags) {
      await ui.type('notes.publish.tagInput', t);
      await ui.tap('notes.publish.tagAdd');
    }
    await scrollAndTap(ui, 'notes.publish.visibility', 'notes.publish.form');
    await ui.tap('notes.vis.private');
    await ui.tap('notes.publish.submit');
  },
});
