import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { clockOf, openClockTab, WORLD_CITIES } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  cityId: string;
  city: string;
}

/** 世界时钟 → + → search → the city: one new entry; the others stay in their order. */
export default defineTask<P>({
  goal: (p) => `在时钟的世界时钟里添加“${p.city}”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['world-clock'],
  params: {
    ...spreadParam('_city', ['cityId', 'city'], (state, rng) => {
      const have = new Set(clockOf(state).cities.map((c) => c.cityId));
      const c = rng.pick(WORLD_CITIES.filter((x) => !have.has(x.id) && x.zone !== state.os.time.timezone));
      return { cityId: c.id, city: c.name };
    }),
  },
  checkGoals: (input, p) => {
    const before = clockOf(input.init).cities;
    const after = clockOf(input.final).cities;
    return [
      criteria.equals(`${p.city} is on the world clock once`, after.filter((c) => c.cityId === p.cityId).length, 1, 'apps.clock.cities'),
      criteria.equals('the other cities stay', after.filter((c) => c.cityId !== p.cityId).map((c) => c.cityId).join(','), before.map((c) => c.cityId).join(',')),
    ];
  },
  async oracle(ui, p) {
    await openClockTab(ui, 'world');
    await ui.tap('clock.world.add');
    await ui.type('clock.city.search', p.city);
    await ui.tap(`clock.addcity.${p.cityId}`);
  },
});
