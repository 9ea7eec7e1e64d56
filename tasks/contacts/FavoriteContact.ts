import { defineTask } from '../../bridge/tasks/api.ts';
import { SEEN_PATH, openPerson, personById, personParam, type PersonParams } from './_helpers.ts';

export default defineTask<PersonParams>({
  goal: (p) => `把联系人“${p.contactName}”加入收藏。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['contacts'],
  startApp: 'contacts',
  tags: ['favorites'],
  params: personParam(),
  postSample({ state, p }) {
    personById(state, p.contactId)!.favorite = false;
  },
  criteria: (p) => ({ [`apps.contacts.contacts[${p.contactId}].favorite`]: true }),
  expectedChanges: () => [SEEN_PATH],
  async oracle(ui, p) {
    await openPerson(ui, p.contactId);
    await ui.tap('contact.favorite');
  },
});
