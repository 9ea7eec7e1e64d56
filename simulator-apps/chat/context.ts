/** The chat app's model, shared by its screens. */
import { modelContext } from '../os/context.ts';
import type { ChatModel } from './model.ts';

export const { provide: provideChatModel, use: useChatModel } = modelContext<ChatModel>('useChatModel', 'chat', 'ChatApp');
