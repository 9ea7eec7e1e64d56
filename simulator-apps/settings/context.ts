/** The settings model, shared by its screens. */
import { modelContext } from '../os/context.ts';
import type { SettingsModel } from './model.ts';

export const { provide: provideSettingsModel, use: useSettingsModel } = modelContext<SettingsModel>('useSettingsModel', 'settings', 'SettingsApp');
