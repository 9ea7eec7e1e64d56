import { defineTask } from '../../bridge/tasks/api.ts';
import { type GroupParams, groupById, groupParam, openGroupSettings } from './_helpers.ts';

export default defineTask<GroupParams>({
  goal: (p) => `聊天应用里的群聊“${p.groupName}”一共有多少名成员（包括我自己）？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['groups'],
  params: { ...groupParam() },
  answer: {
    fields: [{ id: 'count', label: '群成员人数', type: 'number' }],
    expected: (p, input) => ({ count: { number: groupById(input.init, p.groupId)!.members.length + 1 } }),
  },
  expectedChanges: (_input, p) => [`apps.chat.groups[${p.groupId}].unread`],
  async oracle(ui, p) {
    await openGroupSettings(ui, p.groupId);
    const node = ui.find('group.count');
    const m = node?.text.match(/(\d+)人/);
    if (!m) throw new Error('no member count on the group settings screen');
    return m[1];
  },
});
