/** 小橙书's model, shared by its screens. */
import { modelContext } from '../os/context.ts';
import type { NotesModel } from './model.ts';

export const { provide: provideNotesModel, use: useNotesModel } = modelContext<NotesModel>('useNotesModel', 'notes', 'NotesApp');
