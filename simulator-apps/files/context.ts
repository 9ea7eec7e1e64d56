/** The file manager's model, shared by its screens. */
import { modelContext } from '../os/context.ts';
import type { FilesModel } from './model.ts';

export const { provide: provideFilesModel, use: useFilesModel } = modelContext<FilesModel>('useFilesModel', 'files', 'FilesApp');
