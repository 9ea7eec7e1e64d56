/**
 * The adb transport's bytes: a packet as adbd writes it (six little-endian words, the payload's
 * byte sum, the magic), read back whole however TCP cuts it, and a broken header refused with
 * a sentence. The shell v2 packets the same way.
 */
import { describe, expect, it } from 'vitest';
import {
  A_CLSE,
  A_CNXN,
  A_OKAY,
  A_OPEN,
  A_WRTE,
  AdbWireError,
  commandName,
  encodePacket,
  encodeShellPacket,
  PacketReader,
  payloadChecksum,
  SHELL_EXIT,
  SHELL_STDERR,
  SHELL_STDOUT,
  ShellPacketReader,
} from '../../bridge/device/adbWire.ts';

/** A deterministic byte pattern (no Math.random: a failing case replays). */
const bytes = (n: number, seed = 7) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed * 17 + (i >> 8)) & 0xff));

/** `buf` cut into pieces of the given sizes, cycled. */
function cut(buf: Buffer, sizes: number[]): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0, k = 0; at < buf.length; k++) {
    const n = sizes[k % sizes.length]!;
    out.push(buf.subarray(at, at + n));
    at += n;
  }
  return out;
}

describe('packets', () => {
  it('are six little-endian words and the payload, the words spelling the command', () => {
    const p = encodePacket(A_OPEN, 5, 0, 'shell:echo hi\0');
    expect(p.length).toBe(24 + 14);
    expect(p.subarray(0, 4).toString('latin1')).toBe('OPEN');
    expect([0, 4, 8, 12].map((o) => p.readUInt32LE(o))).toEqual([A_OPEN, 5, 0, 14]);
    expect(p.readUInt32LE(20)).toBe((A_OPEN ^ 0xffffffff) >>> 0);
    expect(p.subarray(24).toString()).toBe('shell:echo hi\0');
    expect(['CNXN', 'OKAY', 'WRTE', 'CLSE']).toEqual([A_CNXN, A_OKAY, A_WRTE, A_CLSE].map(commandName));
  });

  it('carry the unsigned byte sum of the payload as data_check, not a CRC', () => {
    const data = Buffer.alloc(70_000, 0xff);
    expect(payloadChecksum(data)).toBe(70_000 * 255);
    expect(encodePacket(A_WRTE, 1, 2, data).readUInt32LE(16)).toBe(70_000 * 255);
    expect(encodePacket(A_OKAY, 1, 2).readUInt32LE(16)).toBe(0);
    // Wraps at 2^32 rather than growing past it.
    expect(payloadChecksum(Buffer.alloc(17_000_000, 0xff))).toBe((17_000_000 * 255) % 2 ** 32);
  });

  it('are read back whole across any chunk boundaries', () => {
    const sent = [
      { command: A_CNXN, arg0: 0x01000001, arg1: 1 << 20, payload: Buffer.from('host::features=shell_v2') },
      { command: A_OKAY, arg0: 3, arg1: 9, payload: Buffer.alloc(0) },
      { command: A_WRTE, arg0: 3, arg1: 9, payload: bytes(5000) },
      { command: A_CLSE, arg0: 3, arg1: 9, payload: Buffer.alloc(0) },
    ];
    const stream = Buffer.concat(sent.map((p) => encodePacket(p.command, p.arg0, p.arg1, p.payload)));
    for (const sizes of [[stream.length], [1], [23, 1, 2], [24], [7, 4096, 13], [25, 5001]]) {
      const reader = new PacketReader();
      const got = cut(stream, sizes).flatMap((c) => reader.push(c));
      expect(got, `chunks of ${sizes.join(',')}`).toEqual(sent);
    }
  });

  it('a bad magic is refused with what was wrong', () => {
    const p = encodePacket(A_WRTE, 1, 2, 'x');
    p.writeUInt32LE(0x12345678, 20);
    expect(() => new PacketReader().push(p)).toThrow(AdbWireError);
    expect(() => new PacketReader().push(p)).toThrow(/bad packet header: magic 0x12345678 is not command WRTE xor 0xffffffff/);
  });

  it('a payload over the max payload is refused from its header alone', () => {
    const reader = new PacketReader(4096);
    expect(reader.push(encodePacket(A_WRTE, 1, 2, bytes(4096)))).toHaveLength(1);
    const header = encodePacket(A_WRTE, 1, 2, bytes(4097)).subarray(0, 24);
    expect(() => reader.push(header)).toThrow(/WRTE carries 4097 bytes, more than the max payload 4096/);
  });
});

describe('shell protocol v2 packets', () => {
  it('are an id, a little-endian length and the data', () => {
    expect([...encodeShellPacket(SHELL_EXIT, Buffer.from([3]))]).toEqual([3, 1, 0, 0, 0, 3]);
    expect(encodeShellPacket(SHELL_STDOUT, 'hi\n').toString('latin1')).toBe('\x01\x03\x00\x00\x00hi\n');
  });

  it('are read back across WRTE boundaries', () => {
    const sent = [
      { id: SHELL_STDOUT, data: bytes(3000) },
      { id: SHELL_STDERR, data: Buffer.from('oops\n') },
      { id: SHELL_EXIT, data: Buffer.from([127]) },
    ];
    const stream = Buffer.concat(sent.map((p) => encodeShellPacket(p.id, p.data)));
    for (const sizes of [[1], [4, 2], [5], [1000, 7]]) {
      const reader = new ShellPacketReader();
      expect(cut(stream, sizes).flatMap((c) => reader.push(c))).toEqual(sent);
    }
  });
});
