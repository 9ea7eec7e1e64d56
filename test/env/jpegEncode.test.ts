/**
 * The JPEG encoder of the ADB path's screenshots: what it writes decodes (with jpeg-js, an
 * independent decoder) to the picture it was given, at any size, the standard's tables it
 * carries are whole, and the same pixels give the same bytes (pinned, so a change is deliberate).
 */
import { createHash } from 'node:crypto';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { encodeJpeg, HUFFMAN_SPECS } from '../../bridge/env/jpegEncode.ts';

/** A screen-like picture: flat panels, a gradient, thin dark strokes like text, and noise. */
function picture(w: number, h: number): Uint8Array {
  const px = new Uint8Array(w * h * 4);
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16) & 0xff;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const panel = y < h / 3;
      const stroke = y % 24 > 8 && y % 24 < 11 && x % 40 < 30;
      px[i] = stroke ? 30 : panel ? 245 : Math.round((x * 255) / Math.max(1, w - 1));
      px[i + 1] = stroke ? 30 : panel ? 245 : Math.round((y * 200) / Math.max(1, h - 1));
      px[i + 2] = stroke ? 40 : panel ? 248 : (rand() >> 2) + 96;
      px[i + 3] = 255;
    }
  }
  return px;
}

const meanError = (a: Uint8Array, b: Uint8Array): number => {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    if (i % 4 === 3) continue;
    sum += Math.abs(a[i]! - b[i]!);
    n++;
  }
  return sum / n;
};

describe('encodeJpeg', () => {
  it.each([
    [360, 800],
    [1, 1],
    [17, 9],
    [361, 801],
    [8, 16],
  ])('writes a %ix%i JPEG that decodes to the picture', (w, h) => {
    const px = picture(w, h);
    const bytes = encodeJpeg(px, w, h, 80);
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
    const out = jpeg.decode(bytes, { useTArray: true });
    expect([out.width, out.height]).toEqual([w, h]);
    // Against jpeg-js at the same quality (which keeps chroma whole, 4:4:4): halving the chroma costs a little on colour edges and noise.
    const reference = jpeg.decode(jpeg.encode({ data: px, width: w, height: h }, 80).data, { useTArray: true });
    expect(meanError(out.data, px)).toBeLessThan(2 * meanError(reference.data, px) + 1);
  });

  it('loses no more than jpeg-js on a grey picture (the same tables, the same luma path)', () => {
    const w = 64;
    const h = 48;
    const px = new Uint8Array(w * h * 4);
    for (let i = 0; i < w * h; i++) {
      const v = ((i % w) * 3 + ((i * 7919) % 31)) & 0xff;
      px.set([v, v, v, 255], i * 4);
    }
    const ours = meanError(jpeg.decode(encodeJpeg(px, w, h, 80), { useTArray: true }).data, px);
    const reference = meanError(jpeg.decode(jpeg.encode({ data: px, width: w, height: h }, 80).data, { useTArray: true }).data, px);
    expect(Math.abs(ours - reference)).toBeLessThan(0.05 * reference + 0.05);
  });

  it('keeps flat colours and strokes where they are', () => {
    const w = 64;
    const h = 64;
    const px = new Uint8Array(w * h * 4);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 4;
        const red = x < 32;
        px.set(red ? [220, 40, 30, 255] : [20, 40, 200, 255], i);
      }
    }
    const out = jpeg.decode(encodeJpeg(px, w, h, 80), { useTArray: true });
    const at = (x: number, y: number) => [...out.data.subarray((y * w + x) * 4, (y * w + x) * 4 + 3)];
    for (const [c, want] of [[at(8, 30), [220, 40, 30]], [at(56, 30), [20, 40, 200]]] as const) for (let k = 0; k < 3; k++) expect(Math.abs(c[k]! - want[k]!)).toBeLessThan(10);
  });

  it('trades size for fidelity with quality', () => {
    const px = picture(360, 800);
    const low = encodeJpeg(px, 360, 800, 30);
    const high = encodeJpeg(px, 360, 800, 95);
    expect(low.length).toBeLessThan(high.length);
    expect(meanError(jpeg.decode(high, { useTArray: true }).data, px)).toBeLessThan(meanError(jpeg.decode(low, { useTArray: true }).data, px));
  });

  it('carries whole Huffman tables: each a prefix code with as many symbols as its counts, the AC ones every (run, size) pair', () => {
    for (const spec of Object.values(HUFFMAN_SPECS)) {
      expect(spec.counts.reduce((a, b) => a + b, 0)).toBe(spec.symbols.length);
      expect(new Set(spec.symbols).size).toBe(spec.symbols.length);
      // Kraft: the codes fit (strictly: the all-ones code of each length is never used).
      expect(spec.counts.reduce((sum, n, i) => sum + n / 2 ** (i + 1), 0)).toBeLessThan(1);
    }
    const every = [0x00, 0xf0];
    for (let run = 0; run < 16; run++) for (let size = 1; size <= 10; size++) every.push((run << 4) | size);
    for (const spec of [HUFFMAN_SPECS.AC_LUMA, HUFFMAN_SPECS.AC_CHROMA]) expect([...spec.symbols].sort((a, b) => a - b)).toEqual(every.sort((a, b) => a - b));
    for (const spec of [HUFFMAN_SPECS.DC_LUMA, HUFFMAN_SPECS.DC_CHROMA]) expect(spec.symbols).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('gives the same bytes for the same pixels, on any machine', () => {
    const px = picture(360, 800);
    const a = encodeJpeg(px, 360, 800, 80);
    expect(encodeJpeg(px, 360, 800, 80).equals(a)).toBe(true);
    // Pinned: only IEEE doubles and integers go into a byte, so this holds everywhere.
    expect(createHash('sha256').update(a).digest('hex').slice(0, 16)).toBe('b8092eff8781cda9');
  });

  it('refuses sizes a JPEG cannot have and pixels that are too few', () => {
    expect(() => encodeJpeg(new Uint8Array(0), 0, 10, 80)).toThrow(/cannot be 0x10/);
    expect(() => encodeJpeg(new Uint8Array(10), 4, 4, 80)).toThrow(/too few/);
  });
});
