/**
 * The studio's demo controls over a run: pause (each device stops before its next action),
 * resume, step once (a paused device takes one action), stop a device's episode, and the pause
 * after each step. The runner waits on `gate` after every step; nothing waits when no one paused.
 */
import type { RunControls } from '../protocol/messages.ts';

/** Why an episode was stopped from the studio (the abort reason its signal carries). */
export class EpisodeStopped extends Error {
  /** `atRest`: the device was waiting between steps (paused), so no call to its page was in flight. */
  constructor(readonly deviceId: string, readonly atRest: boolean) {
    super('stopped from the studio by the person watching the run');
    this.name = 'EpisodeStopped';
  }
}

export class DemoControls {
  private paused = false;
  /** Devices allowed one more action while paused. */
  private credits = new Set<string>();
  private waiting = new Map<string, () => void>();
  private stops = new Map<string, AbortController>();
  private listeners = new Set<(c: RunControls) => void>();

  constructor(private paceMs: number) {}

  get pace(): number {
    return this.paceMs;
  }

  state(): RunControls {
    return { paused: this.paused, paceMs: this.paceMs, available: true, waiting: [...this.waiting.keys()] };
  }

  onChange(cb: (c: RunControls) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  pause(): void {
    this.paused = true;
    this.credits.clear();
    this.changed();
  }

  resume(): void {
    this.paused = false;
    this.credits.clear();
    for (const wake of this.waiting.values()) wake();
    this.changed();
  }

  /** One action on `deviceId` (or on every waiting device), then paused again. */
  step(deviceId?: string): void {
    if (!this.paused) this.pause();
    const ids = deviceId ? [deviceId] : [...this.waiting.keys()];
    for (const id of ids) {
      this.credits.add(id);
      this.waiting.get(id)?.();
    }
  }

  setPace(ms: number): void {
    this.paceMs = ms;
    this.changed();
  }

  /** The signal a device's current episode also stops on; a new one per episode. */
  episodeSignal(deviceId: string): AbortSignal {
    const ctl = new AbortController();
    this.stops.set(deviceId, ctl);
    return ctl.signal;
  }

  /** Stops the episode running on `deviceId`; false when none is. */
  stop(deviceId: string): boolean {
    const ctl = this.stops.get(deviceId);
    if (!ctl || ctl.signal.aborted) return false;
    ctl.abort(new EpisodeStopped(deviceId, this.waiting.has(deviceId)));
    this.waiting.get(deviceId)?.();
    return true;
  }

  episodeEnded(deviceId: string): void {
    this.stops.delete(deviceId);
  }

  /** Resolves when `deviceId` may take its next action: at once unless paused. */
  async gate(deviceId: string, signal?: AbortSignal): Promise<void> {
    while (this.paused && !this.credits.has(deviceId) && !signal?.aborted && !this.stops.get(deviceId)?.signal.aborted) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiting.delete(deviceId);
          signal?.removeEventListener('abort', wake);
          this.changed();
          resolve();
        };
        this.waiting.set(deviceId, wake);
        signal?.addEventListener('abort', wake, { once: true });
        // Studios learn which devices wait: Step is for one of those.
        this.changed();
      });
    }
    this.credits.delete(deviceId);
  }

  private changed(): void {
    const c = this.state();
    for (const cb of this.listeners) cb(c);
  }
}
