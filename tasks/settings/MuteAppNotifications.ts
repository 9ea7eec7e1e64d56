import { defineTask } from '../../bridge/tasks/api.ts';
import { APPS } from '../../simulator-apps/catalog.ts';
import { openEntry, setSwitch, settingsOf } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  appId: string;
  appName: string;
}

/** One switch among one per app (read from the catalog, so the list grows with the phone). */
export default defineTask<P>({
  goal: (p) => `关闭“${p.appName}”应用的通知。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['settings'],
  startApp: 'settings',
  tags: ['notifications'],
  params: {
    ...spreadParam('_app', ['appId', 'appName'], (_state, rng) => {
      const app = rng.pick(APPS.filter((a) => a.id !== 'settings' && a.id !== 'answers'));
      return { appId: app.id, appName: app.name };
    }),
  },
  postSample({ state, p }) {
    settingsOf(state).notifications.apps[p.appId] = true;
  },
  criteria: (p) => ({ [`apps.settings.notifications.apps.${p.appId}`]: false }),
  async oracle(ui, p) {
    await openEntry(ui, 'notifications');
    await ui.scrollTo(`settings.notify.app.${p.appId}`, { within: 'settings.notify' });
    await setSwitch(ui, `settings.notify.app.${p.appId}`, false);
  },
});
