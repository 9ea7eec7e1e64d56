/** The calendar's model, shared by its screens. */
import { modelContext } from '../os/context.ts';
import type { CalendarModel } from './model.ts';

export const { provide: provideCalendarModel, use: useCalendarModel } = modelContext<CalendarModel>('useCalendarModel', 'calendar', 'CalendarApp');
