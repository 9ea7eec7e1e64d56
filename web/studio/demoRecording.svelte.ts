/**
 * The studio's view of the demonstration recorded on its interactive phone: the bridge's
 * `DemoView` (steps as lines, the file Save as oracle writes, verify's results per seed), kept
 * current by `demoChanged` events, and the calls that change it. StudioClient owns one and feeds
 * it the events; DemoRecorder.svelte shows it.
 */
import type { DemoOp, DemoView, StudioMethods } from '../../bridge/protocol/messages.ts';

type Call = <K extends 'demo' | 'saveDemo'>(method: K, params: Parameters<StudioMethods[K]>[0]) => ReturnType<StudioMethods[K]>;

export class DemoRecording {
  view = $state.raw<DemoView | null>(null);
  busy = $state<DemoOp | 'save' | null>(null);
  error = $state<string | null>(null);
  /** The bridge refused to save over the task's own oracle: the author must choose. */
  needsReplaceChoice = $state(false);

  constructor(private readonly opts: { call: Call; deviceId: () => string }) {}

  /** A `demoChanged` event, or a call's answer: only this studio's phone counts. */
  apply(view: DemoView): void {
    if (view.deviceId === this.opts.deviceId()) this.view = view;
  }

  async op(op: DemoOp): Promise<void> {
    this.busy = op;
    this.error = null;
    try {
      const { demo } = await this.opts.call('demo', { deviceId: this.opts.deviceId(), op });
      this.apply(demo);
    } catch (e) {
      this.error = `${op === 'start' ? 'Record' : op[0]!.toUpperCase() + op.slice(1)} failed: ${(e as Error).message}`;
    } finally {
      this.busy = null;
    }
  }

  async save(replaceOracle: boolean): Promise<void> {
    this.busy = 'save';
    this.error = null;
    try {
      const { demo } = await this.opts.call('saveDemo', { deviceId: this.opts.deviceId(), ...(replaceOracle ? { replaceOracle } : {}) });
      this.needsReplaceChoice = false;
      this.apply(demo);
    } catch (e) {
      const err = e as Error & { code?: string };
      this.needsReplaceChoice = err.code === 'oracle_exists';
      this.error = `Not saved: ${err.message}`;
    } finally {
      this.busy = null;
    }
  }
}
