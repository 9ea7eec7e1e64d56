import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { nextCallId } from '../../simulator-apps/contacts/logic.ts';
import { contactsOf, newContactChanges, newContactCriteria, normalizeNumber, openTab } from './_helpers.ts';

interface P extends Record<string, unknown> {
  name: string;
  number: string;
  minutesAgo: number;
}

/**
 * L4: find the newest missed call (an unknown number, placed minutes ago), open its details,
 * 新建联系人 with the number already filled in, type the name, save. Nothing else may change.
 */
export default defineTask<P>({
  goal: (p) => `刚才有个陌生号码打来我没接到，是小区新来的${p.name.slice(0, 1)}师傅。把这个号码存为新联系人，名字叫“${p.name}”。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['contacts'],
  startApp: 'home',
  tags: ['calls', 'edit', 'multi-screen'],
  params: {
    name: { type: 'enum', values: ['孔师傅', '韦师傅', '熊师傅', '鲍师傅'] },
    number: { type: 'string', pattern: '13[0-4]\\d{8}' },
    minutesAgo: { type: 'int', min: 2, max: 25 },
  },
  postSample({ state, p }) {
    const s = contactsOf(state);
    const time = state.os.time.timestamp - p.minutesAgo * 60_000;
    s.calls.push({ id: nextCallId(s), number: p.number, contactId: null, time, direction: 'missed', duration: 0 });
  },
  checkGoals: (input, p) => newContactCriteria(input, p.name, (c) => [criteria.equals('its number', c ? c.phones.map((x) => normalizeNumber(x.number)) : null, [p.number])]),
  expectedChanges: newContactChanges,
  async oracle(ui, p) {
    await openTab(ui, 'log');
    await ui.tap('log.filter.missed');
    const first = ui.find('log.info.*');
    if (!first?.key) throw new Error('no missed calls listed');
    await ui.tap(first.key);
    if (!ui.find({ key: 'call.detail.number', text: '未知号码' })) throw new Error('the newest missed call is not from an unknown number');
    await ui.tap('call.detail.save');
    await ui.type('edit.name', p.name);
    await ui.tap('edit.save');
  },
});
