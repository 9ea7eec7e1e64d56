/** The settings model, shared by its screens. */
import { getContext, setContext } from 'svelte';
import type { SettingsModel } from './model.ts';

const KEY = Symbol('settings-model');

export function provideSettingsModel(model: SettingsModel): void {
  setContext(KEY, model);
}

export function useSettingsModel(): SettingsModel {
  const model = getContext<SettingsModel | undefined>(KEY);
  if (!model) throw new Error('useSettingsModel(): render settings screens inside <SettingsApp>');
  return model;
}
