import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { SEEN_PATH, normalizeNumber, openPerson, personById, personParam, type PersonParams } from './_helpers.ts';

interface P extends PersonParams {
  number: string;
}

/** Edit form: 添加电话, keep the new row's label 工作, type, save; the 手机 number must stay. */
export default defineTask<P>({
  goal: (p) => `给联系人“${p.contactName}”添加一个工作电话：${p.number}，原有号码保留。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['contacts'],
  startApp: 'contacts',
  tags: ['edit'],
  params: {
    ...personParam((c) => c.phones.length === 1 && c.phones[0].label === '手机'),
    number: { type: 'string', pattern: '021-6\\d{7}' },
  },
  checkGoals(input, p) {
    const before = personById(input.init, p.contactId)!.phones;
    const after = personById(input.final, p.contactId)?.phones ?? [];
    const show = (xs: { label: string; number: string }[]) => xs.map((x) => `${x.label} ${normalizeNumber(x.number)}`);
    return [criteria.equals('the numbers', show(after), [...show(before), `工作 ${normalizeNumber(p.number)}`], `apps.contacts.contacts[${p.contactId}].phones`)];
  },
  expectedChanges: () => [SEEN_PATH],
  async oracle(ui, p) {
    await openPerson(ui, p.contactId);
    await ui.tap('contact.edit');
    await ui.tap('edit.phone.add');
    if (!ui.find({ key: 'edit.phone.1.label', textIncludes: '工作' })) throw new Error('the new number row is not labelled 工作');
    await ui.type('edit.phone.1', p.number);
    await ui.tap('edit.save');
  },
});
