import { defineTask } from '../../bridge/tasks/api.ts';
import { LOOK_ALIKES, openPerson, personById, pickPerson, type PersonParams } from './_helpers.ts';

/** Trap: a look-alike name when one has a birthday (张伟 vs 张玮); the date is on the contact page. */
export default defineTask<PersonParams>({
  goal: (p) => `“${p.contactName}”的生日是哪一天？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['contacts'],
  startApp: 'home',
  tags: ['trap'],
  params: {
    _person: {
      sampler: (state, rng) =>
        pickPerson(state, rng, (c) => c.birthday !== '' && (LOOK_ALIKES as readonly string[]).includes(c.name)) ?? pickPerson(state, rng, (c) => c.birthday !== ''),
      fields: { contactId: 'contactId', contactName: 'contactName' },
    },
  },
  answer: {
    fields: [{ id: 'birthday', label: '生日', hint: '如：1990-05-20', type: 'date' }],
    expected: (p, input) => ({ birthday: personById(input.init, p.contactId)!.birthday }),
  },
  async oracle(ui, p) {
    await openPerson(ui, p.contactId);
    const birthday = personById(ui.state, p.contactId)!.birthday;
    await ui.scrollTo('contact.birthday', { within: 'contact.page' });
    if (!ui.find({ key: 'contact.birthday', textIncludes: birthday })) throw new Error('the birthday is not shown on the contact page');
    return birthday;
  },
});
