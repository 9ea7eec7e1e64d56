import { defineTask } from '../../bridge/tasks/api.ts';
import { SEEN_PATH, contactsOf, openTab } from './_helpers.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';

interface P extends Record<string, unknown> {
  name: string;
}

/** Infeasible: nobody of that name is in the book (nor anyone sharing the surname). Calling anyone else is a stray change. */
export default defineTask<P>({
  goal: (p) => `给联系人“${p.name}”打个电话。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['contacts'],
  startApp: 'contacts',
  tags: ['calls', 'infeasible'],
  params: {
    name: { type: 'enum', values: ['欧阳明辉', '司马静怡', '上官文博', '诸葛晓峰'] },
  },
  postSample({ state, p }) {
    if (contactsOf(state).contacts.some((c) => c.name.includes(p.name.slice(0, 2)))) throw new Error(`the seed has a contact like ${p.name}`);
  },
  answer: infeasibleAnswer({ id: 'result', label: '结果', type: 'text' }),
  expectedChanges: () => [SEEN_PATH],
  async oracle(ui, p) {
    await openTab(ui, 'contacts');
    await ui.type('contacts.search', p.name, { clear: true });
    if (!ui.find('contacts.noResults')) throw new Error(`a search for ${p.name} finds someone`);
    return { infeasible: `联系人里没有“${p.name}”，无法拨打` };
  },
});
