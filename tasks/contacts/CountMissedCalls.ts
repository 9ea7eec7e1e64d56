import { defineTask } from '../../bridge/tasks/api.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { callsWith } from '../../simulator-apps/contacts/logic.ts';
import { SEEN_PATH, contactsOf, normalizeNumber, openPerson, personById, personParam, type PersonParams } from './_helpers.ts';
import { scrollAndTap } from '../_shared/ui.ts';

/** Missed calls from any of the person's numbers, in the whole call log. */
function missedFrom(state: PhoneState, contactId: string): number {
  const numbers = new Set((personById(state, contactId)?.phones ?? []).map((x) => normalizeNumber(x.number)));
  return contactsOf(state).calls.filter((c) => c.direction === 'missed' && numbers.has(normalizeNumber(c.number))).length;
}

/** Counting on the call-detail page (all calls with one number), or in the 未接 filter of a long log. */
export default defineTask<PersonParams>({
  goal: (p) => `通话记录里一共有几个来自“${p.contactName}”的未接来电？`,
  difficulty: 'L3',
  objective: 'query',
  apps: ['contacts'],
  startApp: 'contacts',
  tags: ['calls', 'count'],
  params: personParam((c, s) => {
    // Every missed call from one number, so one call-detail page shows them all.
    const numbers = c.phones.map((x) => normalizeNumber(x.number));
    const missed = s.calls.filter((k) => k.direction === 'missed' && numbers.includes(normalizeNumber(k.number)));
    if (missed.length < 2 || missed.length > 12 || new Set(missed.map((k) => normalizeNumber(k.number))).size !== 1) return false;
    // …and one of the contact page's 最近通话 rows (the last five) is with that number.
    return callsWith(s, numbers).slice(0, 5).some((k) => normalizeNumber(k.number) === normalizeNumber(missed[0].number));
  }),
  answer: {
    fields: [{ id: 'count', label: '未接来电次数', hint: '填数字', type: 'number' }],
    expected: (p, input) => ({ count: String(missedFrom(input.init, p.contactId)) }),
  },
  expectedChanges: () => [SEEN_PATH],
  async oracle(ui, p) {
    await openPerson(ui, p.contactId);
    const s = contactsOf(ui.state);
    const numbers = new Set(personById(ui.state, p.contactId)!.phones.map((x) => normalizeNumber(x.number)));
    const missedNumber = [...s.calls].reverse().find((c) => c.direction === 'missed' && numbers.has(normalizeNumber(c.number)))!.number;
    // The contact page's 最近通话 (below the fold) → the row with that number → its call details.
    const row = callsWith(s, [...numbers]).slice(0, 5).find((c) => normalizeNumber(c.number) === normalizeNumber(missedNumber));
    if (!row) throw new Error('no recent call with the number that has the missed calls');
    await scrollAndTap(ui, `contact.call.${row.id}`, 'contact.page');
    const shown = ui.findAll('call.history.*').filter((n) => n.text.includes('未接来电')).length;
    const count = missedFrom(ui.state, p.contactId);
    if (shown > count) throw new Error(`the page shows ${shown} missed calls, the state has ${count}`);
    return String(count);
  },
});
