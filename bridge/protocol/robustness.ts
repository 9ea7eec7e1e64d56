/**
 * Robustness over looks (`--variant`): the same instance trials drawn in several looks, the success
 * rate in each and the trials whose outcome differs between them (flips). Pure: the summary, the
 * report and the run viewer compute it from rows alike.
 */
import { episodeKey, type ResultRow, type Robustness } from './runFolder.ts';

/** The highest variant number taken (`--variant`, the env server): a look is drawn from any number, this keeps ids short. */
export const MAX_VARIANT = 9999;

const round = (x: number) => Math.round(x * 1e4) / 1e4;

/** Null for rows of one look (most runs); rows from before variants are look 0. */
export function robustnessOf(rows: readonly Pick<ResultRow, 'task_id' | 'instance' | 'trial_id' | 'variant' | 'success'>[]): Robustness | null {
  const variants = [...new Set(rows.map((r) => r.variant ?? 0))].sort((a, b) => a - b);
  if (variants.length < 2) return null;
  const per_variant: Robustness['per_variant'] = {};
  for (const v of variants) {
    const rs = rows.filter((r) => (r.variant ?? 0) === v);
    const s = rs.filter((r) => r.success).length;
    per_variant[String(v)] = { episodes: rs.length, success: s, success_rate: round(s / rs.length) };
  }
  const byTrial = new Map<string, Map<number, boolean>>();
  for (const r of rows) {
    const key = episodeKey({ ...r, variant: 0 });
    if (!byTrial.has(key)) byTrial.set(key, new Map());
    byTrial.get(key)!.set(r.variant ?? 0, r.success);
  }
  const complete = [...byTrial].filter(([, m]) => m.size === variants.length);
  const flipped = complete.filter(([, m]) => new Set(m.values()).size > 1);
  const rates = Object.values(per_variant).map((p) => p.success_rate);
  return {
    variants,
    per_variant,
    compared: complete.length,
    flips: flipped.length,
    flip_rate: complete.length ? round(flipped.length / complete.length) : 0,
    spread: round(Math.max(...rates) - Math.min(...rates)),
    flipped: flipped.slice(0, 20).map(([key, m]) => ({ episode: key, passed_in: [...m].filter(([, ok]) => ok).map(([v]) => v).sort((a, b) => a - b) })),
  };
}
