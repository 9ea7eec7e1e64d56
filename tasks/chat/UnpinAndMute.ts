import { defineTask } from '../../bridge/tasks/api.ts';
import { type ChatParams, chatSwitchesTask } from './_helpers.ts';

export default defineTask<ChatParams>({
  goal: (p) => `和“${p.contactName}”的聊天太吵了：取消它的置顶，并开启消息免打扰。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat'],
  startApp: 'home',
  tags: ['chat-settings'],
  // 聊天信息: pinned and not muted at the start; the oracle unpins, then mutes.
  ...chatSwitchesTask({ pinned: false, muted: true }),
});
