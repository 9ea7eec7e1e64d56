/**
 * What every suite's stray changes (`tasks/<app>/_stray.ts`, run by `phonegym verify`) share: the
 * strings a task's parameters mention (a stray change keeps away from them), a typed slice that
 * has what the change edits, and the walk back from the oracle's last screen to where the change
 * starts.
 */
import type { OracleUi } from '../../bridge/tasks/types.ts';
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
