/**
 * Stray changes for `phonegym verify`: small UI scripts that change something a task did not ask
 * for, performed after the task's oracle and before judging. A task whose verdict stays clean
 * after one of them declares too much as expected (or the judge misses the change).
 *
 * Each stray change knows the state path it touches and can apply the same edit to a JSON copy of
 * the state, so verify can pick, for each task, a change the task does not legitimately own (a
 * future "set my signature" task gets the starred contact instead), and can tell "the change was
 * declared as expected" apart from "the script did not change anything".
 *
 * The scripts live beside each app's suite, in `tasks/<app>/_stray.ts` (its `strays`); they drive
 * the phone through the same `OracleUi` interface as task oracles and start from whatever screen
 * the oracle ended on. This module holds only the order verify tries them in.
 */
import type { StrayChange } from '../tasks/types.ts';
import { strays as calendar } from '../../tasks/calendar/_stray.ts';
import { strays as chat } from '../../tasks/chat/_stray.ts';
import { strays as clock } from '../../tasks/clock/_stray.ts';
import { strays as contacts } from '../../tasks/contacts/_stray.ts';
import { strays as food } from '../../tasks/food/_stray.ts';
import { strays as mail } from '../../tasks/mail/_stray.ts';
import { strays as files } from '../../tasks/files/_stray.ts';
import { strays as memos } from '../../tasks/memos/_stray.ts';
import { strays as photos } from '../../tasks/photos/_stray.ts';
import { strays as notes } from '../../tasks/notes/_stray.ts';
import { strays as railway } from '../../tasks/railway/_stray.ts';
import { strays as settings } from '../../tasks/settings/_stray.ts';
import { strays as shop } from '../../tasks/shop/_stray.ts';
import { strays as maps } from '../../tasks/maps/_stray.ts';
import { strays as music } from '../../tasks/music/_stray.ts';
import { strays as wallet } from '../../tasks/wallet/_stray.ts';

export type { StrayChange, StrayPlan } from '../tasks/types.ts';

/**
 * Every stray change, in order of preference: verify tries those of the task's own apps first
 * (so a change lands where the task works), then the others. A new app's suite adds its
 * `_stray.ts` here.
 */
export const STRAY_CHANGES: readonly StrayChange[] = [...chat, ...wallet, ...contacts, ...notes, ...railway, ...settings, ...calendar, ...shop, ...maps, ...clock, ...food, ...mail, ...files, ...memos, ...photos, ...music];

/** The stray changes to try for a task: those in the task's own apps first, then the others. */
export function strayCandidates(apps: readonly string[]): StrayChange[] {
  const own = STRAY_CHANGES.filter((s) => apps.includes(s.app));
  return [...own, ...STRAY_CHANGES.filter((s) => !apps.includes(s.app))];
}
