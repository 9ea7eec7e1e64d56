import { defineTask } from '../../bridge/tasks/api.ts';
import { type ChatParams, chatSwitchesTask } from './_helpers.ts';

export default defineTask<ChatParams>({
  goal: (p) => `给和“${p.contactName}”的聊天开启消息免打扰。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['chat'],
  startApp: 'home',
  tags: ['chat-settings'],
  // 聊天信息: the switch set the other way first, then flipped by the oracle.
  ...chatSwitchesTask({ muted: true }),
});
