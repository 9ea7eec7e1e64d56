/** The railway app's model, shared by its screens. */
import { getContext, setContext } from 'svelte';
import type { RailwayModel } from './model.ts';

const KEY = Symbol('railway-model');

export function provideRailwayModel(model: RailwayModel): void {
  setContext(KEY, model);
}

export function useRailwayModel(): RailwayModel {
  const model = getContext<RailwayModel | undefined>(KEY);
  if (!model) throw new Error('useRailwayModel(): render railway screens inside <RailwayApp>');
  return model;
}
