/** The clock's model, shared by its screens. */
import { modelContext } from '../os/context.ts';
import type { ClockModel } from './model.ts';

export const { provide: provideClockModel, use: useClockModel } = modelContext<ClockModel>('useClockModel', 'clock', 'ClockApp');
