/** The wallet's model, shared by its screens. */
import { modelContext } from '../os/context.ts';
import type { WalletModel } from './model.ts';

export const { provide: provideWalletModel, use: useWalletModel } = modelContext<WalletModel>('useWalletModel', 'wallet', 'WalletApp');
