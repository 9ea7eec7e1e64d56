import { defineTask } from '../../bridge/tasks/api.ts';
import { contactsOf, pickPerson, type PersonParams } from '../contacts/_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { BROWSE_CHANGES, mapsOf, kmAnswer, placeById, planRouteUi, routeOf, shownKm } from './_helpers.ts';

interface P extends PersonParams {
  companyPlaceId: string;
}

/**
 * Across apps, a grounded query: the company on the person's page in 电话 is a place in 路路通;
 * the drive from home there, in 公里, is on the route screen.
 */
export default defineTask<P>({
  goal: (p) => `我要开车去“${p.contactName}”的公司找TA。先在电话里查到TA的公司，再用路路通算一下从家开车过去有多少公里。`,
  difficulty: 'L4',
  objective: 'query',
  apps: ['contacts', 'maps'],
  startApp: 'home',
  tags: ['cross-app', 'memory', 'routes', 'query'],
  params: {
    ...spreadParam('_who', ['contactId', 'contactName', 'companyPlaceId'], (state, rng) => {
      const person = pickPerson(state, rng, (c) => c.company !== '');
      if (!person) return null;
      const s = mapsOf(state);
      const company = contactsOf(state).contacts.find((c) => c.id === person.contactId)!.company;
      const target = s.places.find((x) => x.name === company) ?? rng.pick(s.places.filter((x) => x.category === '公司'));
      return { ...person, companyPlaceId: target.id };
    }),
  },
  postSample({ state, p }) {
    placeById(mapsOf(state), p.companyPlaceId)!.name = contactsOf(state).contacts.find((c) => c.id === p.contactId)!.company;
  },
  answer: {
    fields: [{ id: 'km', label: '驾车距离（公里）', hint: '如：3.4', type: 'number' }],
    expected: (p, input) => {
      const d = routeOf(input.init, mapsOf(input.init).saved.homeId!, p.companyPlaceId, 'drive').distance;
      return { km: kmAnswer(d) };
    },
  },
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    await ui.openApp('contacts');
    if (ui.route.path !== '/contacts') await ui.tap('tab.contacts');
    await ui.type('contacts.search', p.contactName);
    await ui.tap(`contact.item.${p.contactId}`);
    const company = ui.find('contact.company')?.text.trim() ?? '';
    const s = mapsOf(ui.state);
    const place = s.places.find((x) => x.name === company);
    if (!place) throw new Error(`no place named "${company}"`);
    await planRouteUi(ui, s, placeById(s, s.saved.homeId)!, place, 'drive');
    return shownKm(ui);
  },
});
