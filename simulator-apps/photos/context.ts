/** 相册's model, shared by its screens. */
import { modelContext } from '../os/context.ts';
import type { PhotosModel } from './model.ts';

export const { provide: providePhotosModel, use: usePhotosModel } = modelContext<PhotosModel>('usePhotosModel', 'photos', 'PhotosApp');
