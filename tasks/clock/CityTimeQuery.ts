import { defineTask } from '../../bridge/tasks/api.ts';
import { cityById, cityTimesDuring, clockOf, formatClock, openClockTab } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  entryId: string;
  cityId: string;
  city: string;
}

/** Grounded: the city is on the world clock; any minute its clock showed during the episode is right. */
export default defineTask<P>({
  goal: (p) => `${p.city}现在是几点？（看手机的世界时钟）`,
  difficulty: 'L1',
  objective: 'query',
  apps: ['clock'],
  startApp: 'home',
  tags: ['world-clock'],
  params: {
    ...spreadParam('_entry', ['entryId', 'cityId', 'city'], (state, rng) => {
      const e = rng.pick(clockOf(state).cities);
      return { entryId: e.id, cityId: e.cityId, city: cityById(e.cityId)!.name };
    }),
  },
  answer: {
    fields: [{ id: 'time', label: '当地时间', hint: '如：21:05', type: 'time' }],
    expected: (p, input) => ({ time: cityTimesDuring(input, cityById(p.cityId)!.zone) }),
  },
  async oracle(ui, p) {
    await openClockTab(ui, 'world');
    const shown = ui.find(`clock.city.${p.entryId}.time`)?.text ?? '';
    const want = formatClock(ui.state.os.time.timestamp, cityById(p.cityId)!.zone);
    if (shown !== want) throw new Error(`${p.city} shows "${shown}", expected ${want}`);
    return shown;
  },
});
