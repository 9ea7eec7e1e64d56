/**
 * App components by app id (the Svelte half of an app; the pure half is in ./catalog.ts, the
 * launcher artwork in ./icons.ts). Nothing an app imports may import this table back: an app
 * takes its props type from the catalog and other apps' icons from ./icons.ts.
 * Adding an app: one entry here, one in the catalog, one in icons.ts.
 */
import type { Component } from 'svelte';
import type { AppProps } from './catalog.ts';
import AnswersApp from './answers/AnswersApp.svelte';
import CalendarApp from './calendar/CalendarApp.svelte';
import ChatApp from './chat/ChatApp.svelte';
import ContactsApp from './contacts/ContactsApp.svelte';
import MapsApp from './maps/MapsApp.svelte';
import FoodApp from './food/FoodApp.svelte';
import MemosApp from './memos/MemosApp.svelte';
import NotesApp from './notes/NotesApp.svelte';
import RailwayApp from './railway/RailwayApp.svelte';
import SettingsApp from './settings/SettingsApp.svelte';
import ShopApp from './shop/ShopApp.svelte';
import WalletApp from './wallet/WalletApp.svelte';
import ClockApp from './clock/ClockApp.svelte';
import MailApp from './mail/MailApp.svelte';
import FilesApp from './files/FilesApp.svelte';
import PhotosApp from './photos/PhotosApp.svelte';
import MusicApp from './music/MusicApp.svelte';

export const APP_COMPONENTS: Record<string, Component<AppProps>> = {
  chat: ChatApp,
  answers: AnswersApp,
  wallet: WalletApp,
  contacts: ContactsApp,
  railway: RailwayApp,
  calendar: CalendarApp,
  settings: SettingsApp,
  shop: ShopApp,
  notes: NotesApp,
  maps: MapsApp,
  clock: ClockApp,
  food: FoodApp,
  mail: MailApp,
  files: FilesApp,
  memos: MemosApp,
  photos: PhotosApp,
  music: MusicApp,
};
