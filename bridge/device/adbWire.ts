/**
 * The adb transport's bytes, device side (docs: /work/shared/research/formats.md section 3):
 * 24-byte packets (six little-endian uint32: command, arg0, arg1, data_length, data_check,
 * magic), and the shell protocol v2 packets carried inside a `shell,v2` stream (1-byte id,
 * 4-byte little-endian length, data). Pure: no sockets here, so both readers can be fed
 * arbitrary chunk boundaries in tests.
 */
import { PhonegymError } from '../protocol/errors.ts';

export const A_CNXN = 0x4e584e43;
export const A_AUTH = 0x48545541;
export const A_OPEN = 0x4e45504f;
export const A_OKAY = 0x59414b4f;
export const A_WRTE = 0x45545257;
export const A_CLSE = 0x45534c43;
export const A_STLS = 0x534c5453;

/** The version we answer with: "skip checksum" (we fill the checksum in anyway, for strict clients). */
export const A_VERSION = 0x01000001;
/** The largest payload of current adb (1 MiB). */
export const MAX_PAYLOAD = 1024 * 1024;
/** The limit for CNXN and AUTH, sent before the peer's maximum is known; the banner must fit. */
export const MAX_PAYLOAD_V1 = 4096;
export const HEADER_SIZE = 24;

const NAMES = new Map([A_CNXN, A_AUTH, A_OPEN, A_OKAY, A_WRTE, A_CLSE, A_STLS].map((c) => [c, commandName(c)]));

/** The four ASCII letters a command's little-endian bytes spell (`CNXN`), or its hex. */
export function commandName(command: number): string {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(command >>> 0);
  return /^[A-Z]{4}$/.test(b.toString('latin1')) ? b.toString('latin1') : `0x${(command >>> 0).toString(16).padStart(8, '0')}`;
}

export interface AdbPacket {
  command: number;
  arg0: number;
  arg1: number;
  payload: Buffer;
}

/** A peer broke the framing (bad magic, oversized payload): the connection cannot go on. */
export class AdbWireError extends PhonegymError {
  override name = 'AdbWireError';
  constructor(message: string) {
    super(message, { code: 'bad_message' });
  }
}

/** The unsigned sum of the payload's bytes, mod 2^32 (`calculate_apacket_checksum`; not a CRC). */
export function payloadChecksum(payload: Uint8Array): number {
  let sum = 0;
  for (const b of payload) sum += b;
  return sum >>> 0;
}

export function encodePacket(command: number, arg0: number, arg1: number, payload: Buffer | string = Buffer.alloc(0)): Buffer {
  const data = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const out = Buffer.allocUnsafe(HEADER_SIZE + data.length);
  out.writeUInt32LE(command >>> 0, 0);
  out.writeUInt32LE(arg0 >>> 0, 4);
  out.writeUInt32LE(arg1 >>> 0, 8);
  out.writeUInt32LE(data.length, 12);
  out.writeUInt32LE(payloadChecksum(data), 16);
  out.writeUInt32LE((command ^ 0xffffffff) >>> 0, 20);
  data.copy(out, HEADER_SIZE);
  return out;
}

/** Chunks as they arrived, read from the front without copying more than a caller takes. */
class ByteQueue {
  private chunks: Buffer[] = [];
  length = 0;

  push(chunk: Buffer): void {
    if (!chunk.length) return;
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** The first `n` bytes (n ≤ length), left in the queue. */
  peek(n: number): Buffer {
    if (this.chunks[0]!.length < n) this.chunks = [Buffer.concat(this.chunks)];
    return this.chunks[0]!.subarray(0, n);
  }

  /** The first `n` bytes (n ≤ length), removed. */
  take(n: number): Buffer {
    const out = n === 0 ? Buffer.alloc(0) : this.peek(n);
    const first = this.chunks[0];
    if (first) {
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
    }
    this.length -= n;
    return out;
  }
}

/**
 * Whole packets out of a TCP byte stream. Checks what adbd's `check_header` checks (the magic,
 * data_length ≤ the max payload) and, like adbd, not the checksum: the host writes 0 there
 * once it speaks version 0x01000001.
 */
export class PacketReader {
  private readonly queue = new ByteQueue();
  private header: { command: number; arg0: number; arg1: number; length: number } | null = null;

  /** The largest payload accepted; the device lowers it to the negotiated maximum after CNXN. */
  constructor(public maxPayload: number = MAX_PAYLOAD) {}

  /** The packets `chunk` completes, in order; throws AdbWireError on a broken header. */
  push(chunk: Buffer): AdbPacket[] {
    this.queue.push(chunk);
    const out: AdbPacket[] = [];
    for (;;) {
      if (!this.header) {
        if (this.queue.length < HEADER_SIZE) return out;
        const h = this.queue.take(HEADER_SIZE);
        const command = h.readUInt32LE(0);
        const length = h.readUInt32LE(12);
        const magic = h.readUInt32LE(20);
        if (magic !== (command ^ 0xffffffff) >>> 0) throw new AdbWireError(`bad packet header: magic 0x${magic.toString(16)} is not command ${commandName(command)} xor 0xffffffff`);
        if (length > this.maxPayload) throw new AdbWireError(`bad packet header: ${NAMES.get(command) ?? commandName(command)} carries ${length} bytes, more than the max payload ${this.maxPayload}`);
        this.header = { command, arg0: h.readUInt32LE(4), arg1: h.readUInt32LE(8), length };
      }
      if (this.queue.length < this.header.length) return out;
      const { command, arg0, arg1, length } = this.header;
      out.push({ command, arg0, arg1, payload: Buffer.from(this.queue.take(length)) });
      this.header = null;
    }
  }
}

// --- shell protocol v2 ---------------------------------------------------------------------

export const SHELL_STDIN = 0;
export const SHELL_STDOUT = 1;
export const SHELL_STDERR = 2;
export const SHELL_EXIT = 3;
export const SHELL_CLOSE_STDIN = 4;
export const SHELL_WINDOW_SIZE = 5;
export const SHELL_HEADER_SIZE = 5;

export interface ShellPacket {
  id: number;
  data: Buffer;
}

export function encodeShellPacket(id: number, data: Buffer | string = Buffer.alloc(0)): Buffer {
  const body = typeof data === 'string' ? Buffer.from(data) : data;
  const out = Buffer.allocUnsafe(SHELL_HEADER_SIZE + body.length);
  out.writeUInt8(id, 0);
  out.writeUInt32LE(body.length, 1);
  body.copy(out, SHELL_HEADER_SIZE);
  return out;
}

/** Shell v2 packets out of a stream's WRTE payloads; a packet may span several of them. */
export class ShellPacketReader {
  private readonly queue = new ByteQueue();
  private header: { id: number; length: number } | null = null;

  push(chunk: Buffer): ShellPacket[] {
    this.queue.push(chunk);
    const out: ShellPacket[] = [];
    for (;;) {
      if (!this.header) {
        if (this.queue.length < SHELL_HEADER_SIZE) return out;
        const h = this.queue.take(SHELL_HEADER_SIZE);
        this.header = { id: h.readUInt8(0), length: h.readUInt32LE(1) };
      }
      if (this.queue.length < this.header.length) return out;
      out.push({ id: this.header.id, data: Buffer.from(this.queue.take(this.header.length)) });
      this.header = null;
    }
  }
}
