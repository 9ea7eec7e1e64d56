import { defineTask } from '../../bridge/tasks/api.ts';
import { cityById, clockOf, openClockTab, WORLD_CITIES } from './_helpers.ts';
import { addCity, cityDifferenceMinutes, differenceText } from '../../simulator-apps/clock/logic.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  cityId: string;
  city: string;
  entryId: string;
}

/**
 * Grounded: a city on the world clock with a whole-hour difference; the answer is how many hours
 * ahead (positive) or behind (negative) of the phone it is, as its row says (比本地快/慢N小时).
 */
export default defineTask<P>({
  goal: (p) => `${p.city}和手机的本地时间相差几个小时？比本地快就填正数，慢就填负数。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['world-clock'],
  params: {
    ...spreadParam('_city', ['cityId', 'city'], (state, rng) => {
      const now = state.os.time.timestamp;
      const tz = state.os.time.timezone;
      const c = rng.pick(WORLD_CITIES.filter((x) => { const d = cityDifferenceMinutes(x.zone, tz, now); return d !== 0 && d % 60 === 0; }));
      return { cityId: c.id, city: c.name };
    }),
    entryId: { default: '' },
  },
  postSample({ state, p }) {
    p.entryId = addCity(clockOf(state), p.cityId).id;
  },
  answer: {
    fields: [{ id: 'hours', label: '相差小时数', hint: '如：-8', type: 'number' }],
    expected: (p, input) => ({ hours: { number: cityDifferenceMinutes(cityById(p.cityId)!.zone, input.init.os.time.timezone, input.init.os.time.timestamp) / 60, tolerance: 0 } }),
  },
  async oracle(ui, p) {
    await openClockTab(ui, 'world');
    const row = await ui.scrollTo(`clock.city.${p.entryId}`, { within: 'clock.world.list' });
    const minutes = cityDifferenceMinutes(cityById(p.cityId)!.zone, ui.state.os.time.timezone, ui.state.os.time.timestamp);
    const said = differenceText(minutes);
    const text = ui.tree.filter((n) => n.text.includes(said)).length ? said : row.text;
    const m = text.match(/比本地(快|慢)(\d+)小时/);
    if (!m) throw new Error(`the row of ${p.city} does not say how far it is: ${row.text}`);
    return String((m[1] === '快' ? 1 : -1) * Number(m[2]));
  },
});
