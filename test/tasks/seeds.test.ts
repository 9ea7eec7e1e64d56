import { describe, expect, it } from 'vitest';
import { crc32, instanceSeed } from '../../bridge/tasks/seeds.ts';

describe('instance seeds', () => {
  // Literals computed with Python: (base ^ zlib.crc32(f"{task_id}:{i}".encode())) & 0xFFFFFFFF
  it.each([
    ['chat.ReadMyAccountId', 0, 42, 2437796524],
    ['chat.SendMessage', 3, 0, 225234248],
    ['wechat.ReadMyWxid', 0, 42, 399643895],
    ['chat.中文', 1, 123456789, 2947769847],
  ])('%s:%i with base %i matches Python', (taskId, i, base, expected) => {
    expect(instanceSeed(base, taskId, i)).toBe(expected);
  });

  it('crc32 matches zlib on known strings', () => {
    expect(crc32('')).toBe(0);
    expect(crc32('123456789')).toBe(0xcbf43926);
  });

  it('is a 32-bit unsigned integer even for the largest base seed', () => {
    const s = instanceSeed(0xffffffff, 'chat.X', 7);
    expect(s).toBeGreaterThanOrEqual(0);
    expect(s).toBeLessThanOrEqual(0xffffffff);
    expect(Number.isInteger(s)).toBe(true);
  });
});
