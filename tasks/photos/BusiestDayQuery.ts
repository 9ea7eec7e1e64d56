import { defineTask } from '../../bridge/tasks/api.ts';
import { dayText, openPhotosTab, photosByDay } from './_helpers.ts';

/** Query: the day with the most photos (any of the days tied at the top counts), read off the grid's day groups. */
export default defineTask({
  goal: () => '相册里哪一天拍的照片最多？（不算最近删除里的）请回答日期。',
  difficulty: 'L3',
  objective: 'query',
  apps: ['photos'],
  startApp: 'photos',
  tags: ['days'],
  answer: {
    fields: [{ id: 'day', label: '日期', type: 'date' }],
    expected: (_p, input) => {
      const days = [...photosByDay(input.init)];
      const top = Math.max(...days.map(([, ps]) => ps.length));
      return { day: days.filter(([, ps]) => ps.length === top).map(([d]) => d) };
    },
  },
  async oracle(ui) {
    await openPhotosTab(ui, 'photos');
    // The count per day is what the grid shows; the oracle reads the state for it as a person counts tiles.
    const days = [...photosByDay(ui.state)];
    const [day] = days.reduce((best, x) => (x[1].length > best[1].length ? x : best));
    await ui.scrollTo(`photos.day.${day}`, { within: 'photos.grid', maxSwipes: 40 });
    return { day: dayText(day) };
  },
});
