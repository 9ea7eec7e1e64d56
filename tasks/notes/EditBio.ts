import { defineTask } from '../../bridge/tasks/api.ts';
import { openNotesTab } from './_helpers.ts';

interface P extends Record<string, unknown> {
  bio: string;
}

export default defineTask<P>({
  goal: (p) => `把我在小橙书上的个人简介改成“${p.bio}”。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['notes'],
  startApp: 'notes',
  tags: ['notes', 'profile'],
  params: {
    bio: { type: 'enum', values: ['喜欢做饭和散步的普通人', '记录生活里的小确幸', '周末在路上，平时在工位', '正在学习拍照的新手'] },
  },
  criteria: (p) => ({ 'apps.notes.me.bio': p.bio }),
  async oracle(ui, p) {
    await openNotesTab(ui, 'me');
    await ui.tap('notes.me.edit');
    await ui.type('notes.profile.bio', p.bio, { clear: true });
    await ui.tap('notes.profile.save');
  },
});
