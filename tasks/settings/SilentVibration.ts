import { defineTask } from '../../bridge/tasks/api.ts';
import { openEntry, setSwitch, settingsOf } from './_helpers.ts';

interface P extends Record<string, unknown> {
  ringOn: boolean;
}

/** Trap: 响铃时振动 and 静音时振动 sit next to each other; only the second may change. */
export default defineTask<P>({
  goal: '手机静音时不要再振动了，帮我关掉“静音时振动”。响铃时的振动设置不要动。',
  difficulty: 'L2',
  objective: 'action',
  apps: ['settings'],
  startApp: 'settings',
  realPhone: { app: 'com.android.settings' },
  tags: ['sound', 'trap'],
  params: { ringOn: { type: 'bool' } },
  postSample({ state, p }) {
    const s = settingsOf(state).sound;
    s.vibrateOnSilent = true;
    s.vibrateOnRing = p.ringOn;
  },
  criteria: (p) => ({ 'apps.settings.sound.vibrateOnSilent': false, 'apps.settings.sound.vibrateOnRing': p.ringOn }),
  async oracle(ui) {
    await openEntry(ui, 'sound');
    await ui.scrollTo('settings.sound.vibrateSilent', { within: 'settings.sound' });
    await setSwitch(ui, 'settings.sound.vibrateSilent', false);
  },
});
