/** The shop's model, shared by its screens. */
import { modelContext } from '../os/context.ts';
import type { ShopModel } from './model.ts';

export const { provide: provideShopModel, use: useShopModel } = modelContext<ShopModel>('useShopModel', 'shop', 'ShopApp');
