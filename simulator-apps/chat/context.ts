/** The chat app's model, shared by its screens. */
import { getContext, setContext } from 'svelte';
import type { ChatModel } from './model.ts';

const KEY = Symbol('chat-model');

export function provideChatModel(model: ChatModel): void {
  setContext(KEY, model);
}

export function useChatModel(): ChatModel {
  const model = getContext<ChatModel | undefined>(KEY);
  if (!model) throw new Error('useChatModel(): render chat screens inside <ChatApp>');
  return model;
}
