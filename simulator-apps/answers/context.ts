/** The answer sheet's model, shared by its screens. */
import { modelContext } from '../os/context.ts';
import type { AnswersModel } from './model.ts';

export const { provide: provideAnswersModel, use: useAnswersModel } = modelContext<AnswersModel>('useAnswersModel', 'answer-sheet', 'AnswersApp');
