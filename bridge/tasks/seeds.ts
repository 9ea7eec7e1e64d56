/**
 * Instance seeds, bit-identical to the Python reference:
 *   (base_seed ^ zlib.crc32(f"{task_id}:{i}".encode())) & 0xFFFFFFFF
 */
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (IEEE, as zlib) of the UTF-8 bytes of `text`. */
export function crc32(text: string): number {
  const bytes = new TextEncoder().encode(text);
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function instanceSeed(baseSeed: number, taskId: string, instance: number): number {
  return (baseSeed ^ crc32(`${taskId}:${instance}`)) >>> 0;
}

/** A fresh 32-bit base seed for runs without --sample-seed (recorded as sample_seed_source "auto"). */
export function drawBaseSeed(): number {
  const buf = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buf);
  return buf[0];
}

/**
 * Seed streams of the generalisation splits: a `held-out` instance seed has its top bit set, a
 * `train` one has it clear, so the two never meet (every world is built from its instance seed).
 * A run of a split without `@seeds` takes instance seeds as they come.
 */
export const SEED_STREAMS = ['train', 'held-out'] as const;
export type SeedStream = (typeof SEED_STREAMS)[number];

export function streamSeed(seed: number, stream: SeedStream | null): number {
  if (stream === 'held-out') return (seed | 0x80000000) >>> 0;
  if (stream === 'train') return (seed & 0x7fffffff) >>> 0;
  return seed;
}
