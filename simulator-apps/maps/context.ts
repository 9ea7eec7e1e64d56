/** 路路通's model, shared by its screens. */
import { modelContext } from '../os/context.ts';
import type { MapsModel } from './model.ts';

export const { provide: provideMapsModel, use: useMapsModel } = modelContext<MapsModel>('useMapsModel', 'maps', 'MapsApp');
