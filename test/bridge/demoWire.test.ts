/**
 * Recording over real sockets: the hub checks what a studio sends to `demo` and `saveDemo` before
 * any backend sees it, and a phone's `userInput` reaches listeners only in the documented shape.
 */
import { describe, expect, it } from 'vitest';
import type { PhonegymError } from '../../bridge/protocol/errors.ts';
import type { DemoView, InputCapture } from '../../bridge/protocol/demo.ts';
import type { StudioBackend } from '../../bridge/server/bridgeServer.ts';
import { bridgesClosedAfterEach, connectFakeDevice, connectStudio } from './helpers.ts';

const startBridge = bridgesClosedAfterEach();
const view: DemoView = { deviceId: 'p1', taskId: 'chat.PinChat', recording: true, steps: [], file: 'chat/PinChat.demo.json', oracle: 'hand-written' };

function backend(calls: unknown[], withDemo = true): StudioBackend {
  return {
    listTasks: async () => [],
    setupTask: async () => {
      throw new Error('not here');
    },
    judge: async () => {
      throw new Error('not here');
    },
    history: async () => ({ episodes: [] }),
    ...(withDemo
      ? {
          demo: async (p: unknown) => (calls.push(['demo', p]), { demo: view }),
          saveDemo: async (p: unknown) => (calls.push(['saveDemo', p]), { demo: view }),
        }
      : {}),
  };
}

describe('recording over the wire', () => {
  it('passes well-formed calls on and refuses the rest with invalid_params', async () => {
    const calls: unknown[] = [];
    const { server } = await startBridge({ backend: backend(calls) });
    const studio = await connectStudio(server);
    expect(await studio.peer.call('demo', { deviceId: 'p1', op: 'start' })).toEqual({ demo: view });
    await studio.peer.call('saveDemo', { deviceId: 'p1', replaceOracle: true });
    expect(calls).toEqual([['demo', { deviceId: 'p1', op: 'start' }], ['saveDemo', { deviceId: 'p1', replaceOracle: true }]]);
    const refused = async (method: 'demo' | 'saveDemo', params: unknown) => (await studio.peer.call(method, params as never).catch((e: PhonegymError) => e)) as PhonegymError;
    expect(await refused('demo', { deviceId: 'p1', op: 'rewind' })).toMatchObject({ code: 'invalid_params', message: expect.stringMatching(/op must be one of start, stop, undo, clear/) });
    expect(await refused('demo', { op: 'start' })).toMatchObject({ code: 'invalid_params' });
    expect(await refused('saveDemo', { deviceId: 'p1', replaceOracle: 'yes' })).toMatchObject({ code: 'invalid_params', message: expect.stringMatching(/replaceOracle must be true or false/) });
    expect(calls).toHaveLength(2);
  });

  it('a backend that cannot record says so', async () => {
    const { server } = await startBridge({ backend: backend([], false) });
    const studio = await connectStudio(server);
    await expect(studio.peer.call('demo', { deviceId: 'p1', op: 'start' })).rejects.toMatchObject({ code: 'no_backend' });
  });

  it('a phone\'s userInput reaches listeners only when it has the documented shape', async () => {
    const { server, logs } = await startBridge();
    const fake = await connectFakeDevice(server, 'p1', { kind: 'interactive' });
    const got: InputCapture[] = [];
    server.device('p1')!.on('userInput', (c) => got.push(c));
    const good: InputCapture = { kind: 'key', key: 'enter' };
    fake.peer.emit('userInput', { kind: 'tap', point: { x: 1 }, tree: 'everything' } as never);
    fake.peer.emit('userInput', good);
    await expect.poll(() => got.length).toBe(1);
    expect(got).toEqual([good]);
    expect(logs.some((l) => /dropped a malformed userInput event/.test(l))).toBe(true);
  });
});
