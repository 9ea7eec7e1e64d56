import { defineTask } from '../../bridge/tasks/api.ts';
import { type GroupParams, groupById, groupParam, openGroupSettings } from './_helpers.ts';

export default defineTask<GroupParams>({
  goal: (p) => `聊天应用里群聊“${p.groupName}”的群公告是什么？请原文回答。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['groups'],
  params: { ...groupParam((g) => g.announcement !== '') },
  answer: {
    fields: [{ id: 'notice', label: '群公告', hint: '原文照抄', type: 'text' }],
    expected: (p, input) => ({ notice: groupById(input.init, p.groupId)!.announcement }),
  },
  expectedChanges: (_input, p) => [`apps.chat.groups[${p.groupId}].unread`],
  async oracle(ui, p) {
    await openGroupSettings(ui, p.groupId);
    await ui.tap('group.notice');
    const text = groupById(ui.state, p.groupId)!.announcement;
    const node = ui.find('group.edit.input');
    if (!node || !node.text.includes(text.slice(0, 10))) throw new Error('the announcement is not shown in its editor');
    await ui.back();
    return text;
  },
});
