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
import { validateRailwayState } from './railway/logic.ts';
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
}

export const APPS: readonly AppDefinition[] = [
  {
    id: 'chat',
    name: '轻聊',
    icon: { background: '#07C160', foreground: '#FFFFFF' },
    rootPath: CHAT_ROOT,
    seed: (rng, ctx) => createChatState(rng, ctx) as unknown as JsonObject,
    routeStack: chatRouteStack,
    validate: validateChatState,
  },
  {
    id: 'answers',
    name: '答题卡',
    icon: { background: '#1677FF', foreground: '#FFFFFF' },
    rootPath: ANSWERS_ROOT,
    seed: () => createAnswersState() as unknown as JsonObject,
    routeStack: answersRouteStack,
    validate: validateAnswersState,
  },
  {
    id: 'wallet',
    name: '钱包',
    icon: { background: '#3D5AFE', foreground: '#FFFFFF' },
    rootPath: WALLET_ROOT,
    seed: (rng, ctx) => createWalletState(rng, ctx) as unknown as JsonObject,
    routeStack: walletRouteStack,
    validate: validateWalletState,
  },
  {
    id: 'contacts',
    name: '电话',
    icon: { background: '#2FA85A', foreground: '#FFFFFF' },
    rootPath: CONTACTS_ROOT,
    seed: (rng, ctx) => createContactsState(rng, ctx) as unknown as JsonObject,
    routeStack: contactsRouteStack,
    validate: validateContactsState,
  },
  {
    id: 'calendar',
    name: '日历',
    icon: { background: '#FFFFFF', foreground: '#1F1F1F' },
    rootPath: CALENDAR_ROOT,
    seed: (rng, ctx) => createCalendarState(rng, ctx) as unknown as JsonObject,
    routeStack: calendarRouteStack,
    validate: validateCalendarState,
  },
  {
    id: 'settings',
    name: '设置',
    icon: { background: '#5B6B7F', foreground: '#FFFFFF' },
    rootPath: SETTINGS_ROOT,
    seed: (rng, ctx) => createSettingsState(rng, ctx) as unknown as JsonObject,
    routeStack: settingsRouteStack,
    validate: validateSettingsState,
  },
  {
    id: 'railway',
    name: '铁路出行',
    icon: { background: '#1C4FA0', foreground: '#FFFFFF' },
    rootPath: RAILWAY_ROOT,
    seed: (rng, ctx) => createRailwayState(rng, ctx) as unknown as JsonObject,
    routeStack: railwayRouteStack,
    validate: validateRailwayState,
  },
  {
    id: 'notes',
    name: '小橙书',
    icon: { background: '#FF4F3B', foreground: '#FFFFFF' },
    rootPath: NOTES_ROOT,
    seed: (rng, ctx) => createNotesState(rng, ctx) as unknown as JsonObject,
    routeStack: notesRouteStack,
    validate: validateNotesState,
  },
  {
    id: 'shop',
    name: '优选',
    icon: { background: '#FF4D2E', foreground: '#FFFFFF' },
    rootPath: SHOP_ROOT,
    seed: (rng, ctx) => createShopState(rng, ctx) as unknown as JsonObject,
    routeStack: shopRouteStack,
    validate: validateShopState,
  },
];

export const APP_IDS: readonly string[] = APPS.map((a) => a.id);

export function findApp(id: string): AppDefinition | undefined {
  return APPS.find((a) => a.id === id);
}
