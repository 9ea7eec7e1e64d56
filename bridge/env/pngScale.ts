/**
 * A phone's `screencap -p` PNG as the agent's JPEG: decoded and scaled down in one pass over the
 * rows (zlib's native inflate, then each row unfiltered and summed into the box of the output
 * row it falls in), so the full-size image is never held as pixels, then encoded by our own
 * JPEG encoder (jpegEncode.ts). A 1080x2400 screen to a 360x800 JPEG: about 30 ms. 8-bit RGB and RGBA without
 * interlacing, which is what Android's screencap and Chromium write, take this path; anything
 * else (palette, 16-bit, interlaced, or a screen smaller than the JPEG) goes through pngjs.
 */
import { inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { encodeJpeg } from './jpegEncode.ts';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface PngHeader {
  width: number;
  height: number;
  /** Bytes per pixel (3 RGB, 4 RGBA), or 0 when this decoder does not take the format. */
  bpp: number;
  data: Buffer;
}

/** The header and the joined IDAT bytes (still deflated). */
function readChunks(png: Buffer): PngHeader {
  if (png.length < 33 || !png.subarray(0, 8).equals(SIGNATURE)) throw new Error(`not a PNG (${png.length} bytes starting ${png.subarray(0, 8).toString('hex')})`);
  let at = 8;
  let width = 0;
  let height = 0;
  let bpp = 0;
  const idat: Buffer[] = [];
  while (at + 8 <= png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      bpp = depth === 8 && interlace === 0 ? (colour === 6 ? 4 : colour === 2 ? 3 : 0) : 0;
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    at += 12 + len;
  }
  if (!width || !height) throw new Error('the PNG has no IHDR chunk');
  return { width, height, bpp, data: Buffer.concat(idat) };
}

/** Source index ranges [start[i], start[i + 1]) of each of `out` boxes over `size` (out <= size). */
function boxes(size: number, out: number): Int32Array {
  const start = new Int32Array(out + 1);
  const s = size / out;
  for (let i = 0; i < out; i++) start[i] = Math.floor(i * s);
  start[out] = size;
  return start;
}

/** RGBA pixels of `w`x`h`: each the mean of its box of the screen (a box filter), alpha opaque. */
function downscale(h: PngHeader, w: number, hOut: number): Uint8Array {
  const { width, height, bpp } = h;
  const inflated = inflateSync(h.data);
  const px = new Uint8Array(inflated.buffer, inflated.byteOffset, inflated.length);
  const stride = width * bpp;
  if (px.length < (stride + 1) * height) throw new Error(`the PNG's image data is short (${px.length} of ${(stride + 1) * height} bytes)`);
  if (LITTLE_ENDIAN && width % w === 0 && height % hOut === 0 && height / hOut <= 257) return downscaleWhole(px, width, height, bpp, w, hOut);
  const xs = boxes(width, w);
  const ys = boxes(height, hOut);
  const out = new Uint8Array(w * hOut * 4);
  const acc = new Uint32Array(w * 3);
  /** The offset in `acc` of each source column's output column. */
  const owner = new Int32Array(width);
  for (let x = 0; x < w; x++) owner.fill(x * 3, xs[x]!, xs[x + 1]!);
  const zeros = new Uint8Array(stride);
  let oy = 0;
  for (let y = 0; y < height; y++) {
    const at = y * (stride + 1) + 1;
    // In place: the row above, already unfiltered, is the `stride` bytes before this row's filter byte.
    const filter = px[at - 1]!;
    if (filter !== 0) unfilterRow(px.subarray(at, at + stride), y === 0 ? zeros : px.subarray(at - stride - 1, at - 1), stride, bpp, filter);
    // One linear pass over the row: each source pixel into its output column's sums.
    for (let x = 0, i = at; x < width; x++, i += bpp) {
      const k = owner[x]!;
      acc[k] += px[i]!;
      acc[k + 1] += px[i + 1]!;
      acc[k + 2] += px[i + 2]!;
    }
    if (y + 1 === ys[oy + 1]) {
      const rows = ys[oy + 1]! - ys[oy]!;
      for (let x = 0, k = 0, o = oy * w * 4; x < w; x++, k += 3, o += 4) {
        const n = rows * (xs[x + 1]! - xs[x]!);
        out[o] = Math.round(acc[k]! / n);
        out[o + 1] = Math.round(acc[k + 1]! / n);
        out[o + 2] = Math.round(acc[k + 2]! / n);
        out[o + 3] = 255;
      }
      acc.fill(0);
      oy++;
    }
  }
  return out;
}

/** Typed-array words hold their bytes lowest first (every platform Node ships on; checked, not assumed). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Four byte-wise additions mod 256 in one 32-bit word: the low 7 bits of each byte add without carrying out, the top bits by xor. */
const addBytes = (a: number, b: number): number => ((a & 0x7f7f7f7f) + (b & 0x7f7f7f7f)) ^ ((a ^ b) & 0x80808080);

/**
 * `downscale` when every box is the same whole number of pixels (a 1080x2400 screen to 360x800:
 * 3x3 boxes; a screen of the agent's size: 1x1), four bytes at a time: each row is copied to an
 * aligned scratch row and unfiltered there (the common "up" filter as word additions), then its
 * bytes are summed down the box's rows in 16-bit lanes (two bytes of each word a lane apart), and
 * the box's columns are summed once per output row. The mean is rounded in integers (the same
 * value as `Math.round(sum / n)`).
 */
function downscaleWhole(px: Uint8Array, width: number, height: number, bpp: number, w: number, hOut: number): Uint8Array {
  const fx = width / w;
  const fy = height / hOut;
  const n = fx * fy;
  const stride = width * bpp;
  const words = Math.ceil(stride / 4);
  let cur = new Uint8Array(words * 4);
  let prev = new Uint8Array(words * 4);
  let cur32 = new Uint32Array(cur.buffer);
  let prev32 = new Uint32Array(prev.buffer);
  // Bytes 0 and 2 of each word (`even`) and bytes 1 and 3 (`odd`), summed down the box in 16-bit lanes.
  const even = new Uint32Array(words);
  const odd = new Uint32Array(words);
  const column = new Uint16Array(words * 4);
  const out = new Uint8Array(w * hOut * 4);
  const half = n;
  const twice = 2 * n;
  for (let oy = 0, y = 0; oy < hOut; oy++) {
    for (let r = 0; r < fy; r++, y++) {
      const at = y * (stride + 1) + 1;
      const filter = px[at - 1]!;
      cur.set(px.subarray(at, at + stride));
      if (filter === 2) {
        for (let i = 0; i < words; i++) cur32[i] = addBytes(cur32[i]!, prev32[i]!);
      } else if (filter !== 0) {
        // The others byte by byte; `prev` holds the row above (zeros above the first row).
        unfilterRow(cur, prev, stride, bpp, filter);
      }
      for (let i = 0; i < words; i++) {
        const v = cur32[i]!;
        even[i] += v & 0x00ff00ff;
        odd[i] += (v >>> 8) & 0x00ff00ff;
      }
      [cur, prev] = [prev, cur];
      [cur32, prev32] = [prev32, cur32];
    }
    for (let i = 0, j = 0; i < words; i++, j += 4) {
      const e = even[i]!;
      const o = odd[i]!;
      column[j] = e & 0xffff;
      column[j + 1] = o & 0xffff;
      column[j + 2] = e >>> 16;
      column[j + 3] = o >>> 16;
    }
    even.fill(0);
    odd.fill(0);
    for (let x = 0, j = 0, o = oy * w * 4; x < w; x++, o += 4) {
      let red = 0;
      let green = 0;
      let blue = 0;
      for (let k = 0; k < fx; k++, j += bpp) {
        red += column[j]!;
        green += column[j + 1]!;
        blue += column[j + 2]!;
      }
      out[o] = ((2 * red + half) / twice) | 0;
      out[o + 1] = ((2 * green + half) / twice) | 0;
      out[o + 2] = ((2 * blue + half) / twice) | 0;
      out[o + 3] = 255;
    }
  }
  return out;
}

/**
 * Undoes a row's PNG filter (sub, up, average, Paeth: 1-4) in `cur`, the unfiltered row above in
 * `above` (zeros above the first row). The whole-box path does "up" a word at a time itself.
 */
function unfilterRow(cur: Uint8Array, above: Uint8Array, n: number, bpp: number, filter: number): void {
  switch (filter) {
    case 1:
      for (let i = bpp; i < n; i++) cur[i] = (cur[i]! + cur[i - bpp]!) & 0xff;
      return;
    case 2:
      for (let i = 0; i < n; i++) cur[i] = (cur[i]! + above[i]!) & 0xff;
      return;
    case 3:
      for (let i = 0; i < n; i++) {
        const left = i >= bpp ? cur[i - bpp]! : 0;
        cur[i] = (cur[i]! + ((left + above[i]!) >> 1)) & 0xff;
      }
      return;
    case 4:
      for (let i = 0; i < n; i++) {
        const a = i >= bpp ? cur[i - bpp]! : 0;
        const b = above[i]!;
        const c = i >= bpp ? above[i - bpp]! : 0;
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        cur[i] = (cur[i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
      }
      return;
    default:
      throw new Error(`the PNG has a row with filter type ${filter}`);
  }
}

/** Any PNG through pngjs: box filter down, nearest up. */
function scaleAny(png: Buffer, w: number, h: number): Uint8Array {
  const img = PNG.sync.read(png);
  const out = new Uint8Array(w * h * 4);
  const xs = boxes(img.width, Math.min(w, img.width));
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor((y * img.height) / h);
    const y1 = Math.max(y0 + 1, Math.min(img.height, Math.floor(((y + 1) * img.height) / h)));
    for (let x = 0; x < w; x++) {
      const x0 = w <= img.width ? xs[x]! : Math.floor((x * img.width) / w);
      const x1 = w <= img.width ? xs[x + 1]! : x0 + 1;
      let r = 0, g = 0, b = 0, n = 0;
      for (let yy = y0; yy < y1; yy++) {
        for (let xx = x0, i = (yy * img.width + x0) * 4; xx < x1; xx++, i += 4) {
          r += img.data[i]!;
          g += img.data[i + 1]!;
          b += img.data[i + 2]!;
          n++;
        }
      }
      const o = (y * w + x) * 4;
      out[o] = Math.round(r / n);
      out[o + 1] = Math.round(g / n);
      out[o + 2] = Math.round(b / n);
      out[o + 3] = 255;
    }
  }
  return out;
}

/** The PNG's pixels scaled to `w`x`h` (RGBA). */
export function pngPixels(png: Buffer, w: number, h: number): Uint8Array {
  const head = readChunks(png);
  return head.bpp && head.width >= w && head.height >= h ? downscale(head, w, h) : scaleAny(png, w, h);
}

/** Scales a PNG to `w`x`h` (a box filter down, nearest up), then encodes a JPEG. */
export function pngToJpeg(png: Buffer, w: number, h: number, quality: number): Buffer {
  return encodeJpeg(pngPixels(png, w, h), w, h, quality);
}
