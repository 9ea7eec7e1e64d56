import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { SEEN_PATH, contactsOf, newCallPaths, newCalls, normalizeNumber, openTab } from './_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';

/** The latest missed call is one of the look-alike contacts or a known person; the log holds hundreds of rows. */
export default defineTask<Record<string, never>>({
  goal: () => '回拨最近的一个未接来电。',
  difficulty: 'L3',
  objective: 'action',
  apps: ['contacts'],
  startApp: 'home',
  tags: ['calls'],
  checkGoals(input) {
    const last = [...contactsOf(input.init).calls].reverse().find((c) => c.direction === 'missed')!;
    const calls = newCalls(input.init, input.final);
    return [
      exactlyOne('exactly one new call', calls),
      criteria.equals('to the last missed caller', calls[0] ? normalizeNumber(calls[0].number) : null, normalizeNumber(last.number)),
      criteria.equals('outgoing', calls[0]?.direction ?? null, 'outgoing'),
    ];
  },
  expectedChanges: (input) => [...newCallPaths(input.init, input.final), SEEN_PATH],
  async oracle(ui) {
    await openTab(ui, 'log');
    await ui.tap('log.filter.missed');
    const first = ui.find('log.item.*');
    if (!first?.key) throw new Error('no missed calls listed');
    await ui.tap(first.key);
    await ui.tap('call.hangup');
  },
});
