/**
 * What every suite's stray changes (`tasks/<app>/_stray.ts`, run by `phonegym verify`) share: the
 * strings a task's parameters mention (a stray change keeps away from them), a typed slice that
 * has what the change edits, and the walk back from the oracle's last screen to where the change
 * starts.
 */
import type { OracleUi, StrayChange, StrayPlan } from '../../bridge/tasks/types.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';

/** Every string anywhere in the parameters (ids, names, texts the task is about). */
export function mentioned(params: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(params);
  return out;
}

/** The app's slice when it has what the change edits (`has`); null: the change does not apply to this state. */
export function sliceWith<T>(state: PhoneState, app: string, has: (slice: T) => unknown): T | null {
  const s = state.apps?.[app] as T | undefined;
  return s && typeof s === 'object' && has(s) ? s : null;
}

/** A plan on one app's slice: `apply` edits the draft's slice of that app. */
export interface SlicePlan<T> extends Omit<StrayPlan, 'apply'> {
  apply(draft: T): void;
}

/** Where one app's stray changes look: its id and what its slice must have for them to apply. */
export interface StrayApp<T> {
  app: string;
  has: (slice: T) => unknown;
}

/**
 * A stray change of `on.app`: `plan` sees the app's slice (only when it has what the change edits),
 * the strings the task's parameters mention, and the whole state.
 */
export function sliceStray<T>(on: StrayApp<T>, id: string, plan: (slice: T, taken: Set<string>, state: PhoneState) => SlicePlan<T> | null): StrayChange {
  return {
    id,
    app: on.app,
    plan(state, params) {
      const slice = sliceWith(state, on.app, on.has);
      const p = slice && plan(slice, mentioned(params), state);
      return p ? { ...p, apply: (draft) => p.apply(sliceWith(draft, on.app, on.has)!) } : null;
    },
  };
}

/** One move on the way back: press back, open the app, or `null` when the screen is reached. */
export type WayBack = 'back' | 'open' | null;

/**
 * From whatever screen the oracle ended on (menus, dialogs, other apps), at most 16 moves until
 * `next` says the screen is reached; `where` names it in the error.
 */
export async function walkBack(ui: OracleUi, app: string, where: string, next: (ui: OracleUi) => WayBack): Promise<void> {
  for (let i = 0; i < 16; i++) {
    const move = next(ui);
    if (move === null) return;
    if (move === 'back') await ui.back();
    else await ui.openApp(app);
  }
  throw new Error(`stray change: could not get back to ${where} (route ${ui.route.app}${ui.route.path})`);
}

/** A node of one of these roles, or one whose `data-ui` key passes `key`, covers the screen (a dialog, a menu, a picker). */
export function overlaid(ui: OracleUi, roles: readonly string[], key: (key: string) => boolean = () => false): boolean {
  return ui.tree.some((n) => roles.includes(n.role) || (n.key !== undefined && key(n.key)));
}
