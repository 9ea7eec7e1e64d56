/** The answer sheet's model, shared by its screens. */
import { getContext, setContext } from 'svelte';
import type { AnswersModel } from './model.ts';

const KEY = Symbol('answers-model');

export function provideAnswersModel(model: AnswersModel): void {
  setContext(KEY, model);
}

export function useAnswersModel(): AnswersModel {
  const model = getContext<AnswersModel | undefined>(KEY);
  if (!model) throw new Error('useAnswersModel(): render answer-sheet screens inside <AnswersApp>');
  return model;
}
