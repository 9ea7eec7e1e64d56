import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { SEEN_PATH, newCallPaths, newCalls, normalizeNumber, openPerson, personById, personParam, type PersonParams } from './_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';

/** Trap: the person has a 手机 and a 工作 number; the contact page's 呼叫 button dials the 手机. */
export default defineTask<PersonParams>({
  goal: (p) => `拨打“${p.contactName}”的工作电话（不是手机）。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['contacts'],
  startApp: 'contacts',
  tags: ['calls', 'trap'],
  params: personParam((c) => c.phones.some((x) => x.label === '手机') && c.phones.filter((x) => x.label === '工作').length === 1),
  checkGoals(input, p) {
    const work = personById(input.init, p.contactId)!.phones.find((x) => x.label === '工作')!.number;
    const calls = newCalls(input.init, input.final);
    return [
      exactlyOne('exactly one new call', calls),
      criteria.equals('to the work number', calls[0] ? normalizeNumber(calls[0].number) : null, normalizeNumber(work)),
    ];
  },
  expectedChanges: (input) => [...newCallPaths(input.init, input.final), SEEN_PATH],
  async oracle(ui, p) {
    await openPerson(ui, p.contactId);
    const i = personById(ui.state, p.contactId)!.phones.findIndex((x) => x.label === '工作');
    await ui.tap(`contact.phone.${i}`);
    await ui.tap('call.hangup');
  },
});
