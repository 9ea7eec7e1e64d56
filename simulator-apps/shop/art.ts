/**
 * What a product's picture shows, worked out from the product (pure: the same product and option
 * give the same drawing everywhere). The drawing is the product's kind (earbuds, a kettle, a mug…,
 * from data.ts); its colour is the option the shopper picked when the picture is of a cart line or
 * an order, else one of the product's own colour options chosen by its id, else its tile hue; the
 * id also sets the details (a stem or a round bud, a round or a square watch face, a stripe, a
 * pattern), so two products of one kind look different and a look-alike brand pair too.
 */
import { hashString } from '../shared/rng.ts';
import { CATEGORY_INFO, type ProductArtKind } from './data.ts';

interface Hsl {
  h: number;
  s: number;
  l: number;
}

/** Option values that are a colour (颜色, 色号, a flavour, a switch type), as the product would look in it. */
const OPTION_COLOURS: Record<string, Hsl> = {
  曜石黑: { h: 225, s: 8, l: 20 },
  星光白: { h: 40, s: 30, l: 92 },
  远峰蓝: { h: 210, s: 45, l: 68 },
  薄荷绿: { h: 152, s: 38, l: 70 },
  樱花粉: { h: 345, s: 65, l: 84 },
  奶白: { h: 40, s: 45, l: 93 },
  雾灰: { h: 215, s: 7, l: 64 },
  白色: { h: 0, s: 0, l: 96 },
  黑色: { h: 0, s: 0, l: 16 },
  雾蓝: { h: 210, s: 30, l: 68 },
  燕麦色: { h: 38, s: 32, l: 78 },
  卡其: { h: 38, s: 36, l: 60 },
  灰色: { h: 0, s: 0, l: 58 },
  藏青: { h: 225, s: 45, l: 26 },
  米白: { h: 42, s: 40, l: 90 },
  浅灰: { h: 0, s: 0, l: 80 },
  豆绿: { h: 100, s: 25, l: 68 },
  黑白: { h: 0, s: 0, l: 18 },
  荧光绿: { h: 78, s: 90, l: 54 },
  紫色: { h: 270, s: 45, l: 60 },
  蓝色: { h: 210, s: 70, l: 50 },
  粉色: { h: 340, s: 70, l: 78 },
  '#01 正红': { h: 355, s: 80, l: 45 },
  '#02 豆沙': { h: 5, s: 38, l: 58 },
  '#03 枫叶': { h: 15, s: 72, l: 42 },
  原味: { h: 40, s: 50, l: 88 },
  抹茶: { h: 88, s: 40, l: 52 },
  蔓越莓: { h: 350, s: 60, l: 45 },
  美式: { h: 25, s: 50, l: 24 },
  拿铁: { h: 30, s: 40, l: 62 },
  生椰: { h: 40, s: 30, l: 92 },
  红轴: { h: 0, s: 75, l: 50 },
  青轴: { h: 195, s: 75, l: 48 },
  茶轴: { h: 28, s: 55, l: 38 },
};

const KIND_OF_GLYPH = new Map(Object.values(CATEGORY_INFO).flatMap((info) => info.kinds.map((k) => [k.glyph, k] as const)));

export interface ProductArt {
  kind: ProductArtKind;
  /** The product's colour and a shade and a highlight of it. */
  body: string;
  shade: string;
  light: string;
  /** A detail colour from the tile hue (a logo, a label, a stripe). */
  accent: string;
  /** True when the body is so light that outlines must carry the shape. */
  pale: boolean;
  /** True when the body is so dark that details on it are drawn white. */
  dark: boolean;
  /** Which of a kind's two or three forms (a stem or a round bud…). */
  form: number;
  /** 0-1 numbers the drawings place and size details with. */
  a: number;
  b: number;
}

function hsl(c: Hsl, dl = 0): string {
  return `hsl(${c.h} ${c.s}% ${Math.max(4, Math.min(98, c.l + dl))}%)`;
}

/** The picture of a product of kind `glyph`, or null for a glyph no kind has (drawn as a tile). */
export function productArt(glyph: string, hue: number, id: string, picked: readonly string[] = []): ProductArt | null {
  const kind = KIND_OF_GLYPH.get(glyph);
  if (!kind) return null;
  const h = hashString(`product-art:${id || `${glyph}${hue}`}`);
  const colourValues = kind.options.flatMap((g) => g.values).filter((v) => v in OPTION_COLOURS);
  // Only the product's own options colour it (a stale value from elsewhere is ignored).
  const chosen = picked.find((v) => colourValues.includes(v)) ?? (colourValues.length > 0 ? colourValues[h % colourValues.length] : undefined);
  const body: Hsl = chosen ? OPTION_COLOURS[chosen] : { h: hue, s: 55, l: 58 };
  return {
    kind: kind.art,
    body: hsl(body),
    shade: hsl(body, body.l > 50 ? -22 : 14),
    light: hsl(body, body.l > 80 ? 6 : 16),
    accent: `hsl(${(hue + ((h >>> 8) % 60) - 30 + 360) % 360} 62% 50%)`,
    pale: body.l > 80,
    dark: body.l < 30,
    form: (h >>> 4) % 3,
    a: ((h >>> 12) % 100) / 100,
    b: ((h >>> 20) % 100) / 100,
  };
}
