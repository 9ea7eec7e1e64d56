/** 律动's model, shared by its screens. */
import { modelContext } from '../os/context.ts';
import type { MusicModel } from './model.ts';

export const { provide: provideMusicModel, use: useMusicModel } = modelContext<MusicModel>('useMusicModel', 'music', 'MusicApp');
