/** 邮箱's model, shared by its screens. */
import { modelContext } from '../os/context.ts';
import type { MailModel } from './model.ts';

export const { provide: provideMailModel, use: useMailModel } = modelContext<MailModel>('useMailModel', 'mail', 'MailApp');
