import { defineTask } from '../../bridge/tasks/api.ts';
import { contactsOf, pickPerson, type PersonParams } from '../contacts/_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { BROWSE_CHANGES, mapsOf, openPlace, placeById } from './_helpers.ts';

interface P extends PersonParams {
  companyPlaceId: string;
}

/**
 * Across apps, from memory: the company is on the person's page in 电话, the place with that
 * name in 路路通 becomes my 公司. `prepare` gives one company place of the map the name of a
 * company the contacts work at, so it can be found.
 */
export default defineTask<P>({
  goal: (p) => `我要去“${p.contactName}”的公司上班了：在电话里查到TA的公司，然后在路路通里把“公司”设成那里。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['contacts', 'maps'],
  startApp: 'home',
  tags: ['cross-app', 'memory', 'saved-places'],
  params: {
    ...spreadParam('_who', ['contactId', 'contactName', 'companyPlaceId'], (state, rng) => {
      const person = pickPerson(state, rng, (c, s) => c.company !== '' && s.contacts.filter((x) => x.company === c.company).length >= 1);
      if (!person) return null;
      const s = mapsOf(state);
      const company = contactsOf(state).contacts.find((c) => c.id === person.contactId)!.company;
      const existing = s.places.find((x) => x.name === company);
      const target = existing ?? rng.pick(s.places.filter((x) => x.category === '公司' && x.id !== s.saved.workId));
      return { ...person, companyPlaceId: target.id };
    }),
  },
  postSample({ state, p }) {
    const s = mapsOf(state);
    const company = contactsOf(state).contacts.find((c) => c.id === p.contactId)!.company;
    const place = placeById(s, p.companyPlaceId)!;
    place.name = company;
    if (s.saved.workId === place.id) s.saved.workId = s.places.find((x) => x.category === '公司' && x.id !== place.id)!.id;
  },
  criteria: (p) => ({ 'apps.maps.saved.workId': p.companyPlaceId }),
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    await ui.openApp('contacts');
    if (ui.route.path !== '/contacts') await ui.tap('tab.contacts');
    await ui.type('contacts.search', p.contactName);
    await ui.tap(`contact.item.${p.contactId}`);
    const company = ui.find('contact.company')?.text.replace(/^公司\s*/, '').trim();
    if (!company) throw new Error('no company on the contact page');
    const place = mapsOf(ui.state).places.find((x) => x.name === company);
    if (!place) throw new Error(`no place named ${company}`);
    await openPlace(ui, place);
    await ui.tap('maps.place.setWork');
    await ui.tap('dialog.confirm');
  },
});
