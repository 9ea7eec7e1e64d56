import { defineTask } from '../../bridge/tasks/api.ts';
import { SEEN_PATH, openPerson, personById, personParam, type PersonParams } from '../contacts/_helpers.ts';
import { openEntry, setSwitch, settingsOf } from './_helpers.ts';

/**
 * Cross-app: 勿扰模式 lets 仅收藏联系人 ring through; the person who must get through is not a
 * favourite yet, so the agent also stars them in 电话 (the contacts app).
 */
export default defineTask<PersonParams>({
  goal: (p) => `打开勿扰模式，来电权限设为“仅收藏联系人”，并在电话应用里把“${p.contactName}”加入收藏，保证他的来电能打进来。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['settings', 'contacts'],
  startApp: 'home',
  tags: ['dnd', 'cross-app'],
  params: personParam((c) => !c.favorite),
  postSample({ state, p }) {
    const dnd = settingsOf(state).dnd;
    dnd.enabled = false;
    dnd.allowCalls = 'contacts';
    personById(state, p.contactId)!.favorite = false;
  },
  criteria: (p) => ({
    'apps.settings.dnd.enabled': true,
    'apps.settings.dnd.allowCalls': 'favorites',
    [`apps.contacts.contacts[${p.contactId}].favorite`]: true,
  }),
  expectedChanges: () => [SEEN_PATH],
  async oracle(ui, p) {
    await openEntry(ui, 'dnd');
    await setSwitch(ui, 'settings.dnd.switch', true);
    await ui.tap('settings.dnd.calls');
    await ui.tap('settings.dnd.calls.favorites');
    await openPerson(ui, p.contactId);
    await ui.tap('contact.favorite');
  },
});
