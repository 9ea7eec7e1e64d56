/**
 * The `Transport` of bridge/protocol/rpc.ts over a `ws` socket, with the guards a socket facing
 * untrusted pages needs before a frame reaches the RPC layer: text frames only, bounded JSON
 * nesting, a message-rate ceiling and a ceiling on malformed messages. Used by the bridge for
 * every accepted socket and by tests for their fake clients (it works on either end).
 */
import { WebSocket, type RawData } from 'ws';
import type { Transport } from '../protocol/rpc.ts';
import type { ErrorCode } from '../protocol/errors.ts';

import { CloseCode } from '../protocol/messages.ts';

export { CloseCode };

export interface WsTransportOptions {
  /** JSON.parse copes with any depth but a later JSON.stringify overflows the stack; real messages are shallow. */
  maxDepth?: number;
  /** More messages than this within one second close the socket (1008). */
  maxMessagesPerSecond?: number;
  /** After this many malformed messages the peer is hopeless or hostile: close (1008). */
  maxBadMessages?: number;
  log?: (line: string) => void;
  label?: string;
}

const DEFAULTS = { maxDepth: 64, maxMessagesPerSecond: 2000, maxBadMessages: 50 };

export class WsTransport implements Transport {
  private handler: (text: string) => void = () => {};
  private closeListeners = new Set<(reason: string) => void>();
  private closedReason: string | null = null;
  private windowStart = 0;
  private windowCount = 0;
  private badCount = 0;
  private readonly opts: Required<Omit<WsTransportOptions, 'log' | 'label'>> & Pick<WsTransportOptions, 'log' | 'label'>;

  constructor(readonly ws: WebSocket, opts: WsTransportOptions = {}) {
    this.opts = { ...DEFAULTS, ...opts };
    ws.on('message', (data, isBinary) => this.receive(data, isBinary));
    ws.on('close', (code, reason) => this.finish(`${code}${reason.length ? ` ${reason.toString('utf8')}` : ''}`));
    // Without a listener an 'error' (oversized frame, invalid UTF-8, reset) would crash the process;
    // ws closes the socket itself afterwards (1009 for oversized frames) and 'close' follows.
    ws.on('error', (e) => this.opts.log?.(`${this.opts.label ?? 'socket'}: ${e.message}`));
  }

  get closed(): boolean {
    return this.closedReason !== null || this.ws.readyState !== WebSocket.OPEN;
  }

  /** Bytes queued but not yet written: lossy streams (screencast frames) skip a frame when this grows. */
  get bufferedAmount(): number {
    return this.ws.bufferedAmount;
  }

  send(text: string): void {
    if (this.ws.readyState !== WebSocket.OPEN) throw new Error(`socket is not open (state ${this.ws.readyState})`);
    this.ws.send(text, () => { /* write errors surface as 'close' */ });
  }

  close(code: number = CloseCode.normal, reason = ''): void {
    if (this.ws.readyState === WebSocket.CLOSING || this.ws.readyState === WebSocket.CLOSED) return;
    try {
      this.ws.close(code, truncateUtf8(reason, 123));
    } catch {
      this.ws.terminate();
    }
  }

  /** One handler at a time: the bridge's handshake installs one, then the RpcPeer replaces it. */
  onMessage(cb: (text: string) => void): void {
    this.handler = cb;
  }

  onClose(cb: (reason: string) => void): void {
    if (this.closedReason !== null) cb(this.closedReason);
    else this.closeListeners.add(cb);
  }

  /**
   * While set (during the handshake), frames the guards refuse go here instead of getting an
   * error reply: a client that cannot even say hello properly is closed.
   */
  onRefusedFrame: ((reason: string) => void) | null = null;

  /** Counts a malformed message (the RpcPeer reports its own through onBadMessage). */
  noteBadMessage(): void {
    if (++this.badCount > this.opts.maxBadMessages && !this.closed) {
      this.opts.log?.(`${this.opts.label ?? 'socket'}: closing after ${this.badCount} malformed messages`);
      this.close(CloseCode.policyViolation, 'too many malformed messages');
    }
  }

  /** Sends a protocol error that answers no particular call. */
  sendError(message: string, code: ErrorCode = 'bad_message'): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    this.send(JSON.stringify({ t: 'error', id: null, error: { name: 'ProtocolError', message, code } }));
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (this.closed) return;
    const now = Date.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    if (++this.windowCount > this.opts.maxMessagesPerSecond) {
      this.opts.log?.(`${this.opts.label ?? 'socket'}: closing, more than ${this.opts.maxMessagesPerSecond} messages per second`);
      this.close(CloseCode.policyViolation, 'message rate limit exceeded');
      return;
    }
    if (isBinary) return this.refuse('binary frames are not supported: send each message as one JSON text frame');
    const text = rawToString(data);
    if (jsonDepthExceeds(text, this.opts.maxDepth)) return this.refuse(`message nested deeper than ${this.opts.maxDepth} levels`);
    try {
      this.handler(text);
    } catch (e) {
      // A throwing handler must not escape into ws's event emitter: that would crash the bridge.
      this.opts.log?.(`${this.opts.label ?? 'socket'}: message handler threw: ${(e as Error)?.message ?? e}`);
    }
  }

  private refuse(reason: string): void {
    if (this.onRefusedFrame) return this.onRefusedFrame(reason);
    this.noteBadMessage();
    this.sendError(reason);
  }

  private finish(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    for (const cb of this.closeListeners) {
      try {
        cb(reason);
      } catch (e) {
        this.opts.log?.(`${this.opts.label ?? 'socket'}: close listener threw: ${(e as Error)?.message ?? e}`);
      }
    }
    this.closeListeners.clear();
  }
}

function rawToString(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/**
 * Whether JSON text nests objects/arrays deeper than `max`, found in one pass that skips string
 * contents. Cheap next to JSON.parse: big payloads (state JSON) travel as strings.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  if (text.length <= max * 2) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

function truncateUtf8(s: string, maxBytes: number): string {
  if (Buffer.byteLength(s) <= maxBytes) return s;
  let out = s.slice(0, maxBytes);
  while (Buffer.byteLength(out) > maxBytes) out = out.slice(0, -1);
  return out;
}
