/** The judge's verdict on an episode, as results, run folders and the studio carry it. */

export interface GoalCheck {
  name: string;
  passed: boolean;
  expected?: unknown;
  actual?: unknown;
  path?: string;
  message?: string;
}

export interface StateChange {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

export interface Verdict {
  success: boolean;
  clean: boolean;
  progress: number;
  passed: boolean;
  goals: GoalCheck[];
  issues: { field: string; expected?: unknown; actual?: unknown; message?: string }[];
  warnings: { path: string; kind: StateChange['kind']; before?: unknown; after?: unknown }[];
  expectedChanges: StateChange[];
  unexpectedChanges: StateChange[];
}
