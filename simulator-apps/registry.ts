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
import RailwayApp from './railway/RailwayApp.svelte';
import RailwayIcon from './railway/RailwayIcon.svelte';
import CalendarApp from './calendar/CalendarApp.svelte';
import CalendarIcon from './calendar/CalendarIcon.svelte';
import SettingsApp from './settings/SettingsApp.svelte';
import SettingsIcon from './settings/SettingsIcon.svelte';
import NotesApp from './notes/NotesApp.svelte';
import NotesIcon from './notes/NotesIcon.svelte';
import ShopApp from './shop/ShopApp.svelte';
import ShopIcon from './shop/ShopIcon.svelte';

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
  railway: { component: RailwayApp, icon: RailwayIcon },
  calendar: { component: CalendarApp, icon: CalendarIcon },
  settings: { component: SettingsApp, icon: SettingsIcon },
  shop: { component: ShopApp, icon: ShopIcon },
  notes: { component: NotesApp, icon: NotesIcon },
};
