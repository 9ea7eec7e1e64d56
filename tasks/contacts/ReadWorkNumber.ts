import { defineTask } from '../../bridge/tasks/api.ts';
import { formatNumber } from '../../simulator-apps/contacts/logic.ts';
import { openPerson, personById, personParam, type PersonParams } from './_helpers.ts';

/** Trap: the page lists the 手机 number first; the answer is the one labelled 工作. */
export default defineTask<PersonParams>({
  goal: (p) => `查一下“${p.contactName}”的工作电话号码是多少。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['contacts'],
  startApp: 'contacts',
  tags: ['trap'],
  params: personParam((c) => c.phones.some((x) => x.label === '手机') && c.phones.filter((x) => x.label === '工作').length === 1),
  answer: {
    fields: [{ id: 'number', label: '工作电话', hint: '如：021-62345678', type: 'text' }],
    expected: (p, input) => {
      const n = personById(input.init, p.contactId)!.phones.find((x) => x.label === '工作')!.number;
      return { number: [n, n.replace(/-/g, ''), formatNumber(n)] };
    },
  },
  async oracle(ui, p) {
    await openPerson(ui, p.contactId);
    const phones = personById(ui.state, p.contactId)!.phones;
    const i = phones.findIndex((x) => x.label === '工作');
    const node = ui.find(`contact.phone.${i}`);
    if (!node || !node.text.includes('工作')) throw new Error('the work number is not shown on the contact page');
    return phones[i].number;
  },
});
