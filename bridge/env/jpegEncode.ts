/**
 * A baseline JPEG encoder for the agent's screenshots from a phone over ADB: YCbCr with 4:2:0
 * chroma (as Chromium's own JPEGs of the simulator are), the quantisation tables of the JPEG
 * standard's Annex K scaled by quality the way libjpeg scales them, a floating-point
 * Arai-Agui-Nakajima DCT, and the Annex K Huffman tables. Written for speed in plain
 * JavaScript: colour planes built once, the image padded by edge replication so no block reads
 * past an edge, bits packed into a growing byte array. A 360x800 screen takes about 11 ms, where
 * jpeg-js (which keeps chroma whole) took 35-55 ms on the same machine.
 *
 * Deterministic: only IEEE double arithmetic and integer operations, so the same pixels give the
 * same bytes on any machine.
 */

/** Each zigzag position's index in the 8x8 block's natural (row-major) order. */
const ZIGZAG = Uint8Array.from([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
]);

/** Annex K.1 and K.2: luminance and chrominance quantisation, natural order, at quality 50. */
const LUMA_Q = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
  18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
const CHROMA_Q = [
  17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99,
  ...Array<number>(32).fill(99),
];

/** A Huffman table as the standard gives it: how many codes of each length 1-16, then the symbols in code order. */
interface HuffmanSpec {
  counts: number[];
  symbols: number[];
}

/** Annex K.3-K.6. The AC symbols are (zero run << 4 | size), with 0x00 ending a block and 0xf0 sixteen zeros. */
const DC_LUMA: HuffmanSpec = { counts: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], symbols: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] };
const DC_CHROMA: HuffmanSpec = { counts: [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0], symbols: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] };
const AC_LUMA: HuffmanSpec = {
  counts: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d],
  symbols: [
    0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91,
    0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a,
    0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53,
    0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79,
    0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5,
    0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9,
    0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1, 0xf2,
    0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
  ],
};
const AC_CHROMA: HuffmanSpec = {
  counts: [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77],
  symbols: [
    0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71, 0x13, 0x22, 0x32, 0x81, 0x08, 0x14,
    0x42, 0x91, 0xa1, 0xb1, 0xc1, 0x09, 0x23, 0x33, 0x52, 0xf0, 0x15, 0x62, 0x72, 0xd1, 0x0a, 0x16, 0x24, 0x34, 0xe1, 0x25, 0xf1, 0x17,
    0x18, 0x19, 0x1a, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a,
    0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78,
    0x79, 0x7a, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3,
    0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7,
    0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf2,
    0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
  ],
};

/** The standard tables, exported for the test that checks they are whole. */
export const HUFFMAN_SPECS = { DC_LUMA, DC_CHROMA, AC_LUMA, AC_CHROMA };

/** Code and length of each symbol: canonical codes, assigned in order of length (Annex C). */
interface HuffmanCodes {
  code: Uint16Array;
  size: Uint8Array;
}

function huffmanCodes(spec: HuffmanSpec): HuffmanCodes {
  const code = new Uint16Array(256);
  const size = new Uint8Array(256);
  let next = 0;
  let k = 0;
  for (let len = 1; len <= 16; len++) {
    for (let i = 0; i < spec.counts[len - 1]!; i++, k++) {
      code[spec.symbols[k]!] = next++;
      size[spec.symbols[k]!] = len;
    }
    next <<= 1;
  }
  return { code, size };
}

const CODES = { dcLuma: huffmanCodes(DC_LUMA), dcChroma: huffmanCodes(DC_CHROMA), acLuma: huffmanCodes(AC_LUMA), acChroma: huffmanCodes(AC_CHROMA) };

/** A standard table scaled to `quality` (1-100) as libjpeg does: 5000/q below 50, 200-2q from 50; each entry 1-255. */
function scaledTable(base: number[], quality: number): Uint8Array {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? Math.floor(5000 / q) : 200 - 2 * q;
  return Uint8Array.from(base, (b) => Math.min(255, Math.max(1, Math.floor((b * scale + 50) / 100))));
}

/**
 * The AAN DCT leaves output (u, v) multiplied by 8 * s(u) * s(v), s(0) = 1, s(k) = sqrt(2) cos(k pi / 16);
 * quantising by `table / that` (as reciprocals, natural order) undoes it.
 */
function reciprocals(table: Uint8Array): Float64Array {
  const s = Array.from({ length: 8 }, (_, k) => (k === 0 ? 1 : Math.SQRT2 * Math.cos((k * Math.PI) / 16)));
  return Float64Array.from(table, (q, i) => 1 / (q * s[i >> 3]! * s[i & 7]! * 8));
}

const C4 = Math.SQRT1_2; // cos(4 pi / 16)
const C6_MINUS_C2 = 0.38268343236508984; // cos(6 pi / 16)
const C2_MINUS_C6 = 0.5411961001461969; // cos(2 pi / 16) - cos(6 pi / 16)
const C2_PLUS_C6 = 1.3065629648763766; // cos(2 pi / 16) + cos(6 pi / 16)

/** One 8-point AAN forward DCT over `b[at]`, `b[at + step]`, … in place. */
function dct8(b: Float64Array, at: number, step: number): void {
  const i0 = at, i1 = at + step, i2 = at + 2 * step, i3 = at + 3 * step, i4 = at + 4 * step, i5 = at + 5 * step, i6 = at + 6 * step, i7 = at + 7 * step;
  const s07 = b[i0]! + b[i7]!, d07 = b[i0]! - b[i7]!;
  const s16 = b[i1]! + b[i6]!, d16 = b[i1]! - b[i6]!;
  const s25 = b[i2]! + b[i5]!, d25 = b[i2]! - b[i5]!;
  const s34 = b[i3]! + b[i4]!, d34 = b[i3]! - b[i4]!;
  // Even half.
  const e0 = s07 + s34, e3 = s07 - s34;
  const e1 = s16 + s25, e2 = s16 - s25;
  b[i0] = e0 + e1;
  b[i4] = e0 - e1;
  const m = (e2 + e3) * C4;
  b[i2] = e3 + m;
  b[i6] = e3 - m;
  // Odd half.
  const o0 = d34 + d25, o1 = d25 + d16, o2 = d16 + d07;
  const r = (o0 - o2) * C6_MINUS_C2;
  const z2 = C2_MINUS_C6 * o0 + r;
  const z4 = C2_PLUS_C6 * o2 + r;
  const z3 = o1 * C4;
  const z11 = d07 + z3, z13 = d07 - z3;
  b[i5] = z13 + z2;
  b[i3] = z13 - z2;
  b[i1] = z11 + z4;
  b[i7] = z11 - z4;
}

/** Bits to bytes, 0xff followed by a stuffed 0x00 inside the entropy-coded data. */
class BitWriter {
  bytes: Uint8Array;
  length = 0;
  private bits = 0;
  private count = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }

  byte(v: number): void {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = v;
  }

  raw(values: ArrayLike<number>): void {
    for (let i = 0; i < values.length; i++) this.byte(values[i]!);
  }

  u16(v: number): void {
    this.byte(v >> 8);
    this.byte(v & 0xff);
  }

  /** The low `n` bits of `value`, most significant first (n <= 16). */
  put(value: number, n: number): void {
    this.bits = (this.bits << n) | (value & ((1 << n) - 1));
    this.count += n;
    while (this.count >= 8) {
      this.count -= 8;
      const b = (this.bits >>> this.count) & 0xff;
      this.byte(b);
      if (b === 0xff) this.byte(0);
    }
    this.bits &= (1 << this.count) - 1;
  }

  /** Pads the last byte with ones (as the standard asks). */
  flush(): void {
    if (this.count > 0) this.put(0x7f, 8 - this.count);
  }
}

/** The size category of a coefficient: the bits |v| needs. */
const category = (v: number): number => 32 - Math.clz32(v < 0 ? -v : v);

/**
 * Transforms, quantises and writes one 8x8 block (`block`, level-shifted samples, natural order);
 * returns its DC value for the next block's difference.
 */
function writeBlock(out: BitWriter, block: Float64Array, recip: Float64Array, q: Int32Array, prevDc: number, dc: HuffmanCodes, ac: HuffmanCodes): number {
  for (let row = 0; row < 64; row += 8) dct8(block, row, 1);
  for (let col = 0; col < 8; col++) dct8(block, col, 8);
  for (let k = 0; k < 64; k++) {
    const n = ZIGZAG[k]!;
    q[k] = Math.round(block[n]! * recip[n]!);
  }
  const diff = q[0]! - prevDc;
  const size = category(diff);
  out.put(dc.code[size]!, dc.size[size]!);
  if (size) out.put(diff < 0 ? diff - 1 : diff, size);
  let run = 0;
  for (let k = 1; k < 64; k++) {
    const v = q[k]!;
    if (v === 0) {
      run++;
      continue;
    }
    while (run > 15) {
      out.put(ac.code[0xf0]!, ac.size[0xf0]!);
      run -= 16;
    }
    const s = category(v);
    const sym = (run << 4) | s;
    out.put(ac.code[sym]!, ac.size[sym]!);
    out.put(v < 0 ? v - 1 : v, s);
    run = 0;
  }
  if (run > 0) out.put(ac.code[0]!, ac.size[0]!);
  return q[0]!;
}

function writeHeaders(out: BitWriter, width: number, height: number, luma: Uint8Array, chroma: Uint8Array): void {
  out.raw([0xff, 0xd8]);
  // JFIF 1.1, no thumbnail, square pixels.
  out.raw([0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  out.raw([0xff, 0xdb]);
  out.u16(2 + 2 * 65);
  for (const [id, table] of [[0, luma], [1, chroma]] as const) {
    out.byte(id);
    for (let k = 0; k < 64; k++) out.byte(table[ZIGZAG[k]!]!);
  }
  // Baseline frame: Y at 2x2 sampling, Cb and Cr at 1x1 (4:2:0).
  out.raw([0xff, 0xc0]);
  out.u16(17);
  out.byte(8);
  out.u16(height);
  out.u16(width);
  out.raw([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  out.raw([0xff, 0xc4]);
  const specs = [[0x00, DC_LUMA], [0x10, AC_LUMA], [0x01, DC_CHROMA], [0x11, AC_CHROMA]] as const;
  out.u16(2 + specs.reduce((n, [, s]) => n + 17 + s.symbols.length, 0));
  for (const [id, spec] of specs) {
    out.byte(id);
    out.raw(spec.counts);
    out.raw(spec.symbols);
  }
  out.raw([0xff, 0xda]);
  out.u16(12);
  out.raw([3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]);
}

/**
 * Y, Cb and Cr planes of `rgba` (`width`x`height`, 4 bytes a pixel; alpha ignored), level-shifted
 * by -128: Y padded to whole 16x16 MCUs, Cb and Cr the means of 2x2 boxes padded to 8x8 blocks,
 * the padding repeating the last row and column.
 */
function planes(rgba: Uint8Array, width: number, height: number) {
  const yw = Math.ceil(width / 16) * 16;
  const yh = Math.ceil(height / 16) * 16;
  const cw = yw / 2;
  const ch = yh / 2;
  const y = new Float64Array(yw * yh);
  const cb = new Float64Array(cw * ch);
  const cr = new Float64Array(cw * ch);
  for (let py = 0; py < yh; py++) {
    const sy = py < height ? py : height - 1;
    for (let px = 0; px < yw; px++) {
      const sx = px < width ? px : width - 1;
      const i = (sy * width + sx) * 4;
      const r = rgba[i]!, g = rgba[i + 1]!, b = rgba[i + 2]!;
      y[py * yw + px] = 0.299 * r + 0.587 * g + 0.114 * b - 128;
      const c = (py >> 1) * cw + (px >> 1);
      cb[c]! += -0.168736 * r - 0.331264 * g + 0.5 * b;
      cr[c]! += 0.5 * r - 0.418688 * g - 0.081312 * b;
    }
  }
  for (let i = 0; i < cb.length; i++) {
    cb[i] = cb[i]! / 4;
    cr[i] = cr[i]! / 4;
  }
  return { y, yw, cb, cr, cw };
}

/** `rgba` (`width`x`height`, 4 bytes a pixel) as a baseline JPEG at `quality` (1-100). */
export function encodeJpeg(rgba: Uint8Array, width: number, height: number, quality: number): Buffer {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > 65535 || height > 65535) throw new Error(`a JPEG cannot be ${width}x${height}`);
  if (rgba.length < width * height * 4) throw new Error(`${rgba.length} bytes are too few for ${width}x${height} RGBA pixels`);
  const luma = scaledTable(LUMA_Q, quality);
  const chroma = scaledTable(CHROMA_Q, quality);
  const lumaRecip = reciprocals(luma);
  const chromaRecip = reciprocals(chroma);
  const out = new BitWriter(1024 + ((width * height) >> 1));
  writeHeaders(out, width, height, luma, chroma);
  const { y, yw, cb, cr, cw } = planes(rgba, width, height);
  const block = new Float64Array(64);
  const q = new Int32Array(64);
  const fill = (plane: Float64Array, stride: number, x0: number, y0: number) => {
    for (let r = 0, k = 0; r < 8; r++) for (let c = 0, i = (y0 + r) * stride + x0; c < 8; c++, k++, i++) block[k] = plane[i]!;
  };
  let dcY = 0, dcCb = 0, dcCr = 0;
  for (let my = 0, rows = y.length / yw / 16; my < rows; my++) {
    for (let mx = 0, cols = yw / 16; mx < cols; mx++) {
      for (let b = 0; b < 4; b++) {
        fill(y, yw, mx * 16 + (b & 1) * 8, my * 16 + (b >> 1) * 8);
        dcY = writeBlock(out, block, lumaRecip, q, dcY, CODES.dcLuma, CODES.acLuma);
      }
      fill(cb, cw, mx * 8, my * 8);
      dcCb = writeBlock(out, block, chromaRecip, q, dcCb, CODES.dcChroma, CODES.acChroma);
      fill(cr, cw, mx * 8, my * 8);
      dcCr = writeBlock(out, block, chromaRecip, q, dcCr, CODES.dcChroma, CODES.acChroma);
    }
  }
  out.flush();
  out.raw([0xff, 0xd9]);
  return Buffer.from(out.bytes.buffer, out.bytes.byteOffset, out.length);
}
