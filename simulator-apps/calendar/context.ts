/** The calendar's model, shared by its screens. */
import { getContext, setContext } from 'svelte';
import type { CalendarModel } from './model.ts';

const KEY = Symbol('calendar-model');

export function provideCalendarModel(model: CalendarModel): void {
  setContext(KEY, model);
}

export function useCalendarModel(): CalendarModel {
  const model = getContext<CalendarModel | undefined>(KEY);
  if (!model) throw new Error('useCalendarModel(): render calendar screens inside <CalendarApp>');
  return model;
}
