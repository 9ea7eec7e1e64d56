/** 小橙书's model, shared by its screens. */
import { getContext, setContext } from 'svelte';
import type { NotesModel } from './model.ts';

const KEY = Symbol('notes-model');

export function provideNotesModel(model: NotesModel): void {
  setContext(KEY, model);
}

export function useNotesModel(): NotesModel {
  const model = getContext<NotesModel | undefined>(KEY);
  if (!model) throw new Error('useNotesModel(): render notes screens inside <NotesApp>');
  return model;
}
