/** The shop's model, shared by its screens. */
import { getContext, setContext } from 'svelte';
import type { ShopModel } from './model.ts';

const KEY = Symbol('shop-model');

export function provideShopModel(model: ShopModel): void {
  setContext(KEY, model);
}

export function useShopModel(): ShopModel {
  const model = getContext<ShopModel | undefined>(KEY);
  if (!model) throw new Error('useShopModel(): render shop screens inside <ShopApp>');
  return model;
}
