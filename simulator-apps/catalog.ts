/**
 * The apps the phone knows, as pure data: ids, Chinese names, launcher colours, seed
 * generators, deep-link stacks and state validators. No Svelte, no DOM: the seed, the bridge's
 * tooling and Node tests import it. Components are registered separately in ./registry.ts and
 * launcher artwork in ./icons.ts. Adding an app: one entry here, one in each of those.
 */
import type { JsonObject } from '../bridge/protocol/state.ts';
import type { Rng } from './shared/rng.ts';
import { createChatState, type SeedContext } from './chat/seed.ts';
import { CHAT_ROOT, chatRouteStack } from './chat/routes.ts';
import { validateChatState } from './chat/logic.ts';
import { createAnswersState, validateAnswersState } from './answers/logic.ts';
import { ANSWERS_ROOT, answersRouteStack } from './answers/routes.ts';
import { createWalletState } from './wallet/seed.ts';
import { WALLET_ROOT, walletRouteStack } from './wallet/routes.ts';
import { validateWalletState } from './wallet/logic.ts';
import { createContactsState } from './contacts/seed.ts';
import { CONTACTS_ROOT, contactsRouteStack } from './contacts/routes.ts';
import { validateContactsState } from './contacts/logic.ts';
import { createRailwayState } from './railway/seed.ts';
import { RAILWAY_ROOT, railwayRouteStack } from './railway/routes.ts';
import { railwayTimePassed, validateRailwayState } from './railway/logic.ts';
import type { RailwayState } from './railway/types.ts';
import { createCalendarState } from './calendar/seed.ts';
import { CALENDAR_ROOT, calendarRouteStack } from './calendar/routes.ts';
import { validateCalendarState } from './calendar/logic.ts';
import { createSettingsState } from './settings/seed.ts';
import { SETTINGS_ROOT, settingsRouteStack } from './settings/routes.ts';
import { validateSettingsState } from './settings/logic.ts';
import { createShopState } from './shop/seed.ts';
import { SHOP_ROOT, shopRouteStack } from './shop/routes.ts';
import { validateShopState } from './shop/logic.ts';
import { createNotesState } from './notes/seed.ts';
import { NOTES_ROOT, notesRouteStack } from './notes/routes.ts';
import { validateNotesState } from './notes/logic.ts';
import { createMapsState } from './maps/seed.ts';
import { MAPS_ROOT, mapsRouteStack } from './maps/routes.ts';
import { validateMapsState } from './maps/logic.ts';
import { createClockState } from './clock/seed.ts';
import { CLOCK_ROOT, clockRouteStack } from './clock/routes.ts';
import { clockTimePassed, validateClockState } from './clock/logic.ts';
import type { ClockState } from './clock/types.ts';
import { createPhotosState } from './photos/seed.ts';
import { PHOTOS_ROOT, photosRouteStack } from './photos/routes.ts';
import { validatePhotosState } from './photos/logic.ts';
import { createFoodState } from './food/seed.ts';
import { FOOD_ROOT, foodRouteStack } from './food/routes.ts';
import { validateFoodState } from './food/logic.ts';
import { createMailState } from './mail/seed.ts';
import { MAIL_ROOT, mailRouteStack } from './mail/routes.ts';
import { validateMailState } from './mail/logic.ts';
import { createFilesState } from './files/seed.ts';
import { FILES_ROOT, filesRouteStack } from './files/routes.ts';
import { validateFilesState } from './files/logic.ts';
import { createMemosState } from './memos/seed.ts';
import { MEMOS_ROOT, memosRouteStack } from './memos/routes.ts';
import { validateMemosState } from './memos/logic.ts';
import { createMusicState } from './music/seed.ts';
import { MUSIC_ROOT, musicRouteStack } from './music/routes.ts';
import { musicTimePassed, validateMusicState } from './music/logic.ts';
import type { MusicState } from './music/types.ts';

/** What the shell gives an app's root component (registry.ts). */
export interface AppProps {
  /** The screen path to show (the top of the app's back stack). */
  path: string;
}

export interface AppDefinition {
  id: string;
  /** Name under the launcher icon and in the app switcher. */
  name: string;
  /** Launcher tile colours. */
  icon: { background: string; foreground: string };
  /** The path the app opens on. */
  rootPath: string;
  /** The app's slice of the initial state (`state.apps[id]`). */
  seed(rng: Rng, ctx: SeedContext): JsonObject;
  /** The back stack a deep link implies; the last entry is the path itself. */
  routeStack(path: string): string[];
  /** Why a slice cannot be shown (a message naming the field), or null. */
  validate(slice: unknown): string | null;
  /**
   * What the app does when the virtual clock moves from `from` to `to` (an alarm rings): changes
   * its slice in place only when something happens, saying so by returning an object (null: the
   * slice is untouched), with what the OS shows then, if anything.
   */
  timePassed?(slice: unknown, from: number, to: number, timezone: string): { effect: TimeEffect | null } | null;
}

/** What the OS shows when the clock passing made an app act: a heads-up notification, and with `fullScreen` the app in front. */
export interface TimeEffect {
  title: string;
  text: string;
  /** The screen the notification opens ('' for the app as it was). */
  path: string;
  fullScreen: boolean;
}

/** Apps that act on their own as the virtual clock moves. */
const TIME_HOOKS: Record<string, AppDefinition['timePassed']> = {
  clock: (slice, from, to, timezone) => clockTimePassed(slice as ClockState, from, to, timezone),
  railway: (slice, _from, to) => railwayTimePassed(slice as RailwayState, to),
  music: (slice, from, to) => musicTimePassed(slice as MusicState, from, to),
};

/** What differs from app to app: id, name, launcher [background, foreground], root path, seed, back stack, validator. */
type AppRow = readonly [
  id: string,
  name: string,
  icon: readonly [background: string, foreground: string],
  rootPath: string,
  seed: (rng: Rng, ctx: SeedContext) => object,
  routeStack: (path: string) => string[],
  validate: (slice: unknown) => string | null,
];

const APP_ROWS: readonly AppRow[] = [
  ['chat', '轻聊', ['#07C160', '#FFFFFF'], CHAT_ROOT, createChatState, chatRouteStack, validateChatState],
  ['answers', '答题卡', ['#1677FF', '#FFFFFF'], ANSWERS_ROOT, createAnswersState, answersRouteStack, validateAnswersState],
  ['wallet', '钱包', ['#3D5AFE', '#FFFFFF'], WALLET_ROOT, createWalletState, walletRouteStack, validateWalletState],
  ['contacts', '电话', ['#2FA85A', '#FFFFFF'], CONTACTS_ROOT, createContactsState, contactsRouteStack, validateContactsState],
  ['calendar', '日历', ['#FFFFFF', '#1F1F1F'], CALENDAR_ROOT, createCalendarState, calendarRouteStack, validateCalendarState],
  ['settings', '设置', ['#5B6B7F', '#FFFFFF'], SETTINGS_ROOT, createSettingsState, settingsRouteStack, validateSettingsState],
  ['railway', '铁路出行', ['#1C4FA0', '#FFFFFF'], RAILWAY_ROOT, createRailwayState, railwayRouteStack, validateRailwayState],
  ['notes', '小橙书', ['#FF4F3B', '#FFFFFF'], NOTES_ROOT, createNotesState, notesRouteStack, validateNotesState],
  ['shop', '优选', ['#FF4D2E', '#FFFFFF'], SHOP_ROOT, createShopState, shopRouteStack, validateShopState],
  ['maps', '路路通', ['#0FA57A', '#FFFFFF'], MAPS_ROOT, createMapsState, mapsRouteStack, validateMapsState],
  ['clock', '时钟', ['#15181F', '#FFFFFF'], CLOCK_ROOT, createClockState, clockRouteStack, validateClockState],
  ['food', '饭来', ['#FFC300', '#1F1F1F'], FOOD_ROOT, createFoodState, foodRouteStack, validateFoodState],
  ['mail', '邮箱', ['#1E6FD9', '#FFFFFF'], MAIL_ROOT, createMailState, mailRouteStack, validateMailState],
  ['files', '文件管理', ['#2F6FED', '#FFFFFF'], FILES_ROOT, createFilesState, filesRouteStack, validateFilesState],
  ['memos', '备忘录', ['#F7B500', '#FFFFFF'], MEMOS_ROOT, createMemosState, memosRouteStack, validateMemosState],
  ['photos', '相册', ['#FFFFFF', '#F5A623'], PHOTOS_ROOT, createPhotosState, photosRouteStack, validatePhotosState],
  ['music', '律动', ['#6C3CF0', '#FFFFFF'], MUSIC_ROOT, createMusicState, musicRouteStack, validateMusicState],
];

export const APPS: readonly AppDefinition[] = APP_ROWS.map(
  ([id, name, [background, foreground], rootPath, seed, routeStack, validate]): AppDefinition => ({
    id,
    name,
    icon: { background, foreground },
    rootPath,
    // Each seed returns its app's typed slice; the state tree holds it as plain JSON.
    seed: (rng, ctx) => seed(rng, ctx) as JsonObject,
    routeStack,
    validate,
    ...(TIME_HOOKS[id] ? { timePassed: TIME_HOOKS[id] } : {}),
  }),
);

export const APP_IDS: readonly string[] = APPS.map((a) => a.id);

export function findApp(id: string): AppDefinition | undefined {
  return APPS.find((a) => a.id === id);
}
