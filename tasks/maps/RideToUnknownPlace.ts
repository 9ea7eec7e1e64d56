import { defineTask } from '../../bridge/tasks/api.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';
import { BROWSE_CHANGES, mapsOf } from './_helpers.ts';

interface P extends Record<string, unknown> {
  name: string;
}

const FIRST = ['金鼎', '紫云', '白鹭', '碧水', '天元', '龙腾'];
const SECOND = ['国际酒店', '美食城', '购物广场', '体育馆', '游乐园'];

/** Infeasible: the destination is on no map of this city; the honest answer says so (and no ride is called). */
export default defineTask<P>({
  goal: (p) => `用路路通叫车去「${p.name}」。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['maps'],
  startApp: 'maps',
  tags: ['rides', 'infeasible'],
  params: {
    ...spreadParam('_name', ['name'], (state, rng) => {
      const s = mapsOf(state);
      const free = FIRST.flatMap((a) => SECOND.map((b) => a + b)).filter((n) => !s.places.some((p) => p.name.includes(n.slice(0, 2)) || p.name.includes(n.slice(2))));
      return free.length ? { name: rng.pick(free) } : null;
    }),
  },
  answer: infeasibleAnswer({ id: 'ride', label: '叫车结果', type: 'text' }),
  checkGoals(input) {
    const added = mapsOf(input.final).rides.length - mapsOf(input.init).rides.length;
    return [{ name: 'no ride was called', passed: added === 0, expected: 0, actual: added }];
  },
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    if (ui.route.app !== 'maps') await ui.openApp('maps');
    await ui.tap('maps.tab.ride');
    await ui.tap('maps.ride.to');
    await ui.type('maps.search.input', p.name);
    await ui.tap('maps.search.submit');
    if (!ui.find('maps.results.empty')) throw new Error(`the search for ${p.name} found places: this task is no longer infeasible`);
    return { infeasible: `路路通里搜不到“${p.name}”这个地点，无法叫车` };
  },
});
