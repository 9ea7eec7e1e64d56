/**
 * Launcher artwork by app id, drawn inside a rounded square of the catalog's colour
 * (os/ui/AppIcon.svelte). Kept apart from ./registry.ts so that an app may show other apps'
 * icons (设置's app lists, 轻聊's about page) without importing the table of app components
 * that imports it.
 */
import type { Component } from 'svelte';
import AnswersIcon from './answers/AnswersIcon.svelte';
import CalendarIcon from './calendar/CalendarIcon.svelte';
import ChatIcon from './chat/ChatIcon.svelte';
import ContactsIcon from './contacts/ContactsIcon.svelte';
import MapsIcon from './maps/MapsIcon.svelte';
import FoodIcon from './food/FoodIcon.svelte';
import MemosIcon from './memos/MemosIcon.svelte';
import NotesIcon from './notes/NotesIcon.svelte';
import RailwayIcon from './railway/RailwayIcon.svelte';
import SettingsIcon from './settings/SettingsIcon.svelte';
import ShopIcon from './shop/ShopIcon.svelte';
import WalletIcon from './wallet/WalletIcon.svelte';
import ClockIcon from './clock/ClockIcon.svelte';
import MailIcon from './mail/MailIcon.svelte';
import FilesIcon from './files/FilesIcon.svelte';
import PhotosIcon from './photos/PhotosIcon.svelte';
import MusicIcon from './music/MusicIcon.svelte';

export const APP_ICONS: Record<string, Component<{ size: number }>> = {
  chat: ChatIcon,
  answers: AnswersIcon,
  wallet: WalletIcon,
  contacts: ContactsIcon,
  railway: RailwayIcon,
  calendar: CalendarIcon,
  settings: SettingsIcon,
  shop: ShopIcon,
  notes: NotesIcon,
  maps: MapsIcon,
  clock: ClockIcon,
  food: FoodIcon,
  mail: MailIcon,
  files: FilesIcon,
  memos: MemosIcon,
  photos: PhotosIcon,
  music: MusicIcon,
};
