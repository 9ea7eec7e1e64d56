import type { Action } from '../protocol/actions.ts';
import { VIEWPORT } from '../protocol/state.ts';
import type { Agent, AgentFactory, AgentObservation, EpisodeContext } from './types.ts';

const TEXTS = ['你好', '好的', 'ok', '123', '明天见'];

/**
 * Random taps, swipes, typing and keys, seeded by the episode: a robustness probe for the
 * phone and the runner (it must never crash a run), and a floor for any real agent.
 */
export class RandomAgent implements Agent {
  readonly name = 'random';
  /** It taps elements of the UI tree. */
  readonly observes = { screenshot: false, tree: true };
  async act(obs: AgentObservation, ep: EpisodeContext) {
    const r = ep.rng;
    const roll = r.next();
    // Tap interactive elements most of the time, so the walk goes somewhere.
    const targets = obs.tree.filter((n) => ['button', 'link', 'listitem', 'switch', 'tab', 'textbox', 'checkbox'].includes(n.role));
    let action: Action;
    if (roll < 0.02) action = { type: 'complete' };
    else if (roll < 0.6 && targets.length) {
      const n = r.pick(targets);
      action = { type: 'tap', x: Math.round(n.bounds.x + n.bounds.w / 2), y: Math.round(n.bounds.y + n.bounds.h / 2) };
    } else if (roll < 0.72) action = { type: 'tap', x: r.int(0, VIEWPORT.width - 1), y: r.int(0, VIEWPORT.height - 1) };
    else if (roll < 0.8) {
      const x = r.int(40, 320);
      action = r.chance(0.5) ? { type: 'swipe', x1: x, y1: 600, x2: x, y2: 250 } : { type: 'drag', x1: x, y1: 250, x2: x, y2: 600 };
    } else if (roll < 0.88) action = { type: 'type', text: r.pick(TEXTS) };
    else if (roll < 0.95) action = { type: 'key', key: r.pick(['back', 'back', 'home', 'enter'] as const) };
    else if (roll < 0.97) action = { type: 'long_press', x: r.int(20, 340), y: r.int(100, 700), durationMs: 700 };
    else action = { type: 'wait', ms: 1000 };
    return { action };
  }
}

export const randomAgent: AgentFactory = {
  name: 'random',
  description: 'seeded random taps, swipes, typing and keys (robustness probe)',
  create: () => new RandomAgent(),
};
