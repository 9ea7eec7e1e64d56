import { describe, expect, it } from 'vitest';
import { ConnectionClosedError, PhonegymError, RemoteError, TimeoutError } from '../../bridge/protocol/errors.ts';
import { RpcPeer, memoryTransportPair, type Transport } from '../../bridge/protocol/rpc.ts';

interface ServerApi {
  add(p: { a: number; b: number }): Promise<{ sum: number }>;
  fail(p: { kind: string }): Promise<never>;
  hang(p: Record<string, never>): Promise<never>;
  cyclic(p: Record<string, never>): Promise<unknown>;
}
interface ServerEvents {
  tick: { n: number };
}

function pair(opts: { timeoutMs?: number } = {}) {
  const [a, b] = memoryTransportPair();
  const server = new RpcPeer<ServerApi, Record<string, never>, Record<string, never>, ServerEvents>(b, {
    handlers: {
      add: ({ a, b }) => ({ sum: a + b }),
      fail: ({ kind }) => {
        if (kind === 'timeout') throw new TimeoutError('slow thing timed out', { details: { where: 'fail' } });
        const e = new Error('custom failure');
        e.name = 'FooError';
        throw e;
      },
      hang: () => new Promise<never>(() => {}),
      cyclic: () => {
        const o: Record<string, unknown> = {};
        o.self = o;
        return o;
      },
    },
  });
  const client = new RpcPeer<Record<string, never>, ServerApi, ServerEvents>(a, { timeoutMs: opts.timeoutMs ?? 1000 });
  return { client, server, a, b };
}

/** A transport end whose received messages the test reads and answers by hand. */
function manualPeer(): { client: RpcPeer<Record<string, never>, ServerApi>; raw: Transport; received: unknown[]; nextCall: () => Promise<{ id: number; method: string }> } {
  const [a, raw] = memoryTransportPair();
  const received: unknown[] = [];
  let waiter: ((m: { id: number; method: string }) => void) | null = null;
  raw.onMessage((text) => {
    const m = JSON.parse(text);
    received.push(m);
    if (m.t === 'call' && waiter) waiter(m);
  });
  raw.onClose(() => {});
  const client = new RpcPeer<Record<string, never>, ServerApi>(a, { timeoutMs: 1000 });
  return { client, raw, received, nextCall: () => new Promise((r) => (waiter = r)) };
}

describe('RpcPeer over memoryTransportPair', () => {
  it('round-trips a call and its result', async () => {
    const { client } = pair();
    await expect(client.call('add', { a: 2, b: 3 })).resolves.toEqual({ sum: 5 });
  });

  it('revives a remote error by its name, and wraps unknown names as RemoteError', async () => {
    const { client } = pair();
    const known = await client.call('fail', { kind: 'timeout' }).catch((e) => e);
    expect(known).toBeInstanceOf(TimeoutError);
    expect(known.message).toBe('slow thing timed out');
    expect(known.details).toEqual({ where: 'fail' });
    const other = await client.call('fail', { kind: 'other' }).catch((e) => e);
    expect(other).toBeInstanceOf(RemoteError);
    expect(other.remoteName).toBe('FooError');
    expect(other.message).toBe('custom failure');
  });

  it('times out a call that gets no answer', async () => {
    const { client } = pair({ timeoutMs: 30 });
    const err = await client.call('hang', {}).catch((e) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.message).toMatch(/hang timed out after 30 ms/);
  });

  it('honours a per-call timeout', async () => {
    const { client } = pair({ timeoutMs: 60_000 });
    await expect(client.call('hang', {}, { timeoutMs: 20 })).rejects.toBeInstanceOf(TimeoutError);
  });

  it('rejects every pending call when the transport closes, and later calls at once', async () => {
    const { client, b } = pair({ timeoutMs: 60_000 });
    const pending = [client.call('hang', {}), client.call('hang', {}), client.call('hang', {})].map((p) => p.catch((e) => e));
    b.close(1000, 'server went away');
    const errors = await Promise.all(pending);
    for (const e of errors) {
      expect(e).toBeInstanceOf(ConnectionClosedError);
      expect(e.message).toMatch(/hang was pending \(server went away\)/);
    }
    expect(client.closed).toBe(true);
    await expect(client.call('add', { a: 1, b: 1 })).rejects.toBeInstanceOf(ConnectionClosedError);
  });

  it('delivers events until unsubscribed', async () => {
    const { client, server } = pair();
    const seen: number[] = [];
    let unsubscribe = () => {};
    const third = new Promise<void>((resolve) => {
      unsubscribe = client.on('tick', ({ n }) => {
        seen.push(n);
        if (n === 3) resolve();
      });
    });
    server.emit('tick', { n: 1 });
    server.emit('tick', { n: 2 });
    server.emit('tick', { n: 3 });
    await third;
    unsubscribe();
    server.emit('tick', { n: 4 });
    await client.call('add', { a: 0, b: 0 }); // a round trip: tick 4 has arrived by now
    expect(seen).toEqual([1, 2, 3]);
  });

  it('answers unknown methods, including Object.prototype names, with unknown_method', async () => {
    const { client } = pair();
    for (const method of ['nope', '__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const err: PhonegymError = await (client.call as (m: string, p: object) => Promise<never>)(method, {}).catch((e: PhonegymError) => e);
      expect(err).toBeInstanceOf(PhonegymError);
      expect(err.code).toBe('unknown_method');
      expect(err.message).toContain(method);
    }
  });

  it('answers a result that cannot be serialised with an error instead of leaving the caller to time out', async () => {
    const { client } = pair({ timeoutMs: 60_000 });
    const err = (await client.call('cyclic', {}).catch((e: PhonegymError) => e)) as PhonegymError;
    expect(err).toBeInstanceOf(PhonegymError);
    expect(err.message).toMatch(/circular/i);
  });

  it('rejects with a RemoteError when the peer names its error after an Object.prototype member', async () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const { client, raw, nextCall } = manualPeer();
      const call = client.call('add', { a: 1, b: 2 }).catch((e) => e);
      const { id } = await nextCall();
      raw.send(JSON.stringify({ t: 'error', id, error: { name, message: 'hostile', code: 'x' } }));
      const err = await call;
      expect(err).toBeInstanceOf(RemoteError);
      expect(err.message).toBe('hostile');
    }
  });

  it('answers malformed messages with a bad_message error and reports them', async () => {
    const [a, raw] = memoryTransportPair();
    const bad: string[] = [];
    new RpcPeer(a, { onBadMessage: (r) => bad.push(r) });
    const replies: { t: string; id: number | null; error: { code: string } }[] = [];
    const got = new Promise<void>((resolve) =>
      raw.onMessage((t) => {
        replies.push(JSON.parse(t));
        if (replies.length === 4) resolve();
      }),
    );
    raw.onClose(() => {});
    raw.send('not json');
    raw.send('{}');
    raw.send('{"t":"call"}');
    raw.send('{"t":"call","id":7,"method":"m","params":[1]}');
    await got;
    expect(replies.map((r) => r.error.code)).toEqual(['bad_message', 'bad_message', 'bad_message', 'bad_message']);
    expect(replies[3].id).toBe(7);
    expect(bad).toHaveLength(4);
  });
});
