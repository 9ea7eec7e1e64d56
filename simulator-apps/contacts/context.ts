/** The contacts app's model, shared by its screens. */
import { getContext, setContext } from 'svelte';
import type { ContactsModel } from './model.ts';

const KEY = Symbol('contacts-model');

export function provideContactsModel(model: ContactsModel): void {
  setContext(KEY, model);
}

export function useContactsModel(): ContactsModel {
  const model = getContext<ContactsModel | undefined>(KEY);
  if (!model) throw new Error('useContactsModel(): render contacts screens inside <ContactsApp>');
  return model;
}
