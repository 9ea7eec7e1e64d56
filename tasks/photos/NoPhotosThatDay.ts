import { defineTask } from '../../bridge/tasks/api.ts';
import { addDays } from '../../simulator-apps/shared/dates.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';
import { counterpartParam } from '../interactive/_helpers.ts';
import { dayOf, dayText, openPhotosTab, photosByDay, photosOf, tz } from './_helpers.ts';

interface P extends Record<string, unknown> {
  day: string;
  dayName: string;
  chatId: string;
  friendId: string;
  friendName: string;
}

/** Infeasible, cross-app: share a day's photos to a friend — a day (between two days with photos) with none. */
export default defineTask<P>({
  goal: (p) => `把${p.dayName}拍的照片发给轻聊里的${p.friendName}。如果做不到，请说明原因。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['photos', 'chat'],
  startApp: 'photos',
  tags: ['infeasible', 'cross-app'],
  params: {
    ...counterpartParam('_friend', 'friend'),
    ...spreadParam('_day', ['day', 'dayName'], (state, rng) => {
      const s = photosOf(state);
      const have = new Set(s.photos.map((x) => dayOf(x, tz(state))));
      const days = [...photosByDay(state).keys()];
      const gaps = days.map((d) => addDays(d, -1)).filter((d) => !have.has(d) && days.some((x) => x < d));
      if (!gaps.length) return null;
      const day = rng.pick(gaps);
      return { day, dayName: dayText(day) };
    }),
  },
  answer: infeasibleAnswer({ id: 'count', label: '发了几张', type: 'number' }),
  async oracle(ui, p) {
    await openPhotosTab(ui, 'photos');
    if (ui.find(`photos.day.${p.day}`)) throw new Error(`${p.dayName} has photos`);
    return { infeasible: `${p.dayName}没有拍过照片，相册里没有那天的照片` };
  },
});
