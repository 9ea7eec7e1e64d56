/** 备忘录's model, shared by its screens. */
import { modelContext } from '../os/context.ts';
import type { MemosModel } from './model.ts';

export const { provide: provideMemosModel, use: useMemosModel } = modelContext<MemosModel>('useMemosModel', 'memos', 'MemosApp');
