/** The contacts app's model, shared by its screens. */
import { modelContext } from '../os/context.ts';
import type { ContactsModel } from './model.ts';

export const { provide: provideContactsModel, use: useContactsModel } = modelContext<ContactsModel>('useContactsModel', 'contacts', 'ContactsApp');
