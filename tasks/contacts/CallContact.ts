import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { SEEN_PATH, newCallPaths, newCalls, normalizeNumber, openPerson, personById, personParam, type PersonParams } from './_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';

/** One call to the named person, on any of their numbers; the look-alike names are in the pool. */
export default defineTask<PersonParams>({
  goal: (p) => `给联系人“${p.contactName}”打个电话。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['contacts'],
  startApp: 'contacts',
  tags: ['calls'],
  params: personParam((c) => c.phones.length > 0),
  checkGoals(input, p) {
    const numbers = (personById(input.init, p.contactId)?.phones ?? []).map((x) => normalizeNumber(x.number));
    const calls = newCalls(input.init, input.final);
    const right = calls.filter((c) => c.direction === 'outgoing' && numbers.includes(normalizeNumber(c.number)));
    return [
      exactlyOne('exactly one new call', calls),
      criteria.that('to one of the contact’s numbers', right.length === 1, { expected: numbers.join(' / '), actual: calls.map((c) => c.number).join(', ') || 'none' }),
    ];
  },
  expectedChanges: (input) => [...newCallPaths(input.init, input.final), SEEN_PATH],
  async oracle(ui, p) {
    await openPerson(ui, p.contactId);
    await ui.tap('contact.call');
    await ui.tap('call.hangup');
  },
});
