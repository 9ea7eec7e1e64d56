/** The wallet's model, shared by its screens. */
import { getContext, setContext } from 'svelte';
import type { WalletModel } from './model.ts';

const KEY = Symbol('wallet-model');

export function provideWalletModel(model: WalletModel): void {
  setContext(KEY, model);
}

export function useWalletModel(): WalletModel {
  const model = getContext<WalletModel | undefined>(KEY);
  if (!model) throw new Error('useWalletModel(): render wallet screens inside <WalletApp>');
  return model;
}
