/**
 * App components by app id (the Svelte half of an app; the pure half is in ./catalog.ts).
 * Adding an app: one entry here, one in the catalog.
 */
import type { Component } from 'svelte';
import ChatApp from './chat/ChatApp.svelte';
import ChatIcon from './chat/ChatIcon.svelte';
import AnswersApp from './answers/AnswersApp.svelte';
import AnswersIcon from './answers/AnswersIcon.svelte';
import WalletApp from './wallet/WalletApp.svelte';
import WalletIcon from './wallet/WalletIcon.svelte';
import ContactsApp from './contacts/ContactsApp.svelte';
import ContactsIcon from './contacts/ContactsIcon.svelte';

export interface AppProps {
  /** The screen path to show (the top of the app's back stack). */
  path: string;
}

export interface AppEntry {
  component: Component<AppProps>;
  /** The launcher tile artwork, drawn inside a rounded square of the catalog's colour. */
  icon: Component<{ size: number }>;
}

export const APP_COMPONENTS: Record<string, AppEntry> = {
  chat: { component: ChatApp, icon: ChatIcon },
  answers: { component: AnswersApp, icon: AnswersIcon },
  wallet: { component: WalletApp, icon: WalletIcon },
  contacts: { component: ContactsApp, icon: ContactsIcon },
};
