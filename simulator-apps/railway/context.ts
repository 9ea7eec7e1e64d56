/** The railway app's model, shared by its screens. */
import { modelContext } from '../os/context.ts';
import type { RailwayModel } from './model.ts';

export const { provide: provideRailwayModel, use: useRailwayModel } = modelContext<RailwayModel>('useRailwayModel', 'railway', 'RailwayApp');
