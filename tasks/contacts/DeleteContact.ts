import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { LOOK_ALIKES, SEEN_PATH, contactsOf, personById, openPerson, personParam, type PersonParams } from './_helpers.ts';
import { scrollAndTap } from '../_shared/ui.ts';

/**
 * Trap: the person has a look-alike (张伟/张玮, 李娜/李娜娜, …) who must stay. Deleting keeps the
 * call log as bare numbers and leaves the person's groups.
 */
export default defineTask<PersonParams>({
  goal: (p) => `删除联系人“${p.contactName}”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['contacts'],
  startApp: 'contacts',
  tags: ['edit', 'trap'],
  params: personParam((c) => (LOOK_ALIKES as readonly string[]).includes(c.name)),
  checkGoals(input, p) {
    const gone = personById(input.final, p.contactId) === undefined;
    const left = contactsOf(input.init).contacts.length - contactsOf(input.final).contacts.length;
    return [
      criteria.that('the contact is deleted', gone, { expected: 'absent', actual: gone ? 'absent' : 'present', path: `apps.contacts.contacts[${p.contactId}]` }),
      criteria.that('no other contact is deleted', left === 1, { expected: 1, actual: left }),
    ];
  },
  expectedChanges(input, p) {
    const s = contactsOf(input.init);
    return [
      ...s.groups.filter((g) => g.memberIds.includes(p.contactId)).flatMap((g) => [`apps.contacts.groups[${g.id}].memberIds`, `apps.contacts.groups[${g.id}].memberIds.**`]),
      ...s.calls.filter((c) => c.contactId === p.contactId).map((c) => `apps.contacts.calls[${c.id}].contactId`),
      SEEN_PATH,
    ];
  },
  async oracle(ui, p) {
    await openPerson(ui, p.contactId);
    await scrollAndTap(ui, 'contact.delete', 'contact.page');
    await ui.tap('dialog.confirm');
  },
});
