import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { cityById, clockOf, openClockTab } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  entryId: string;
  city: string;
}

/** 世界时钟 → 编辑 → the city's delete button; the other cities stay in order. */
export default defineTask<P>({
  goal: (p) => `把“${p.city}”从世界时钟里删掉，其他城市保留。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['world-clock'],
  params: {
    ...spreadParam('_entry', ['entryId', 'city'], (state, rng) => {
      const e = rng.pick(clockOf(state).cities);
      return { entryId: e.id, city: cityById(e.cityId)!.name };
    }),
  },
  checkGoals: (input, p) => [
    criteria.equals(`${p.city} is gone`, clockOf(input.final).cities.some((c) => c.id === p.entryId), false, `apps.clock.cities[${p.entryId}]`),
    criteria.equals(
      'the other cities stay',
      clockOf(input.final).cities.map((c) => c.cityId).join(','),
      clockOf(input.init).cities.filter((c) => c.id !== p.entryId).map((c) => c.cityId).join(','),
    ),
  ],
  async oracle(ui, p) {
    await openClockTab(ui, 'world');
    await ui.tap('clock.world.edit');
    await ui.tap(`clock.city.${p.entryId}.delete`);
    await ui.tap('clock.world.edit');
  },
});
