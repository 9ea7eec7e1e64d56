/** The food app's model, shared by its screens. */
import { modelContext } from '../os/context.ts';
import type { FoodModel } from './model.ts';

export const { provide: provideFoodModel, use: useFoodModel } = modelContext<FoodModel>('useFoodModel', 'food', 'FoodApp');
