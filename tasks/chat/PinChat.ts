import { defineTask } from '../../bridge/tasks/api.ts';
import { type ChatParams, chatSwitchesTask } from './_helpers.ts';

export default defineTask<ChatParams>({
  goal: (p) => `把和“${p.contactName}”的聊天置顶。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['chat-settings'],
  // 聊天信息: the switch set the other way first, then flipped by the oracle.
  ...chatSwitchesTask({ pinned: true }),
});
