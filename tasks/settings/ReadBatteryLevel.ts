import { defineTask } from '../../bridge/tasks/api.ts';
import { openEntry, settingsOf } from './_helpers.ts';

interface P extends Record<string, unknown> {
  level: number;
}

/** The status bar hides the percentage (电量百分比 off): the level is read on 设置 → 电池. */
export default defineTask<P>({
  goal: '手机现在还剩多少电量？请告诉我百分比数字。',
  difficulty: 'L1',
  objective: 'query',
  apps: ['settings'],
  tags: ['battery'],
  params: { level: { type: 'int', min: 12, max: 97 } },
  postSample({ state, p }) {
    (state.os.battery as { level: number }).level = p.level;
    settingsOf(state).battery.showPercent = false;
  },
  answer: {
    fields: [{ id: 'level', label: '电量（%）', hint: '如：56', type: 'number' }],
    expected: (p) => ({ level: { number: p.level } }),
  },
  async oracle(ui, p) {
    await openEntry(ui, 'battery');
    const node = ui.find('settings.battery.level');
    if (!node || node.text.replace(/\s/g, '') !== `${p.level}%`) throw new Error(`the battery screen shows "${node?.text}", not ${p.level}%`);
    return String(p.level);
  },
});
