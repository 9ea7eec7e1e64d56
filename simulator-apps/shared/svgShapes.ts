/**
 * Seeded pictures as plain SVG shapes (photos in 相册, people's avatars): a list of shapes and
 * their markup for the inside of an `<svg>`. Pure: the same shapes give the same markup.
 */

export type Shape =
  | { tag: 'rect'; x: number; y: number; w: number; h: number; fill: string; r?: number; rot?: number; opacity?: number }
  | { tag: 'circle'; cx: number; cy: number; r: number; fill: string; opacity?: number }
  | { tag: 'ellipse'; cx: number; cy: number; rx: number; ry: number; fill: string; opacity?: number }
  | { tag: 'path'; d: string; fill: string; stroke?: string; width?: number; opacity?: number }
  | { tag: 'text'; x: number; y: number; text: string; size: number; fill: string; weight?: number; anchor?: 'start' | 'middle' };

const escapeXml = (v: string): string => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const num = (n: number): string => String(Math.round(n * 100) / 100);

/**
 * Shapes as SVG markup for the inside of an `<svg>`: a grid of tiles parses one string per tile
 * instead of building a node per shape through the framework (the 照片 tab's first screen, a
 * contact list). Every value is a number or a colour of our own; text is escaped.
 */
export function shapesMarkup(shapes: readonly Shape[]): string {
  let out = '';
  for (const s of shapes) {
    const opacity = 'opacity' in s && s.opacity !== undefined ? ` opacity="${num(s.opacity)}"` : '';
    switch (s.tag) {
      case 'rect':
        out += `<rect x="${num(s.x)}" y="${num(s.y)}" width="${num(s.w)}" height="${num(s.h)}"${s.r ? ` rx="${num(s.r)}"` : ''} fill="${escapeXml(s.fill)}"${opacity}${s.rot ? ` transform="rotate(${num(s.rot)} ${num(s.x + s.w / 2)} ${num(s.y + s.h / 2)})"` : ''}/>`;
        break;
      case 'circle':
        out += `<circle cx="${num(s.cx)}" cy="${num(s.cy)}" r="${num(s.r)}" fill="${escapeXml(s.fill)}"${opacity}/>`;
        break;
      case 'ellipse':
        out += `<ellipse cx="${num(s.cx)}" cy="${num(s.cy)}" rx="${num(s.rx)}" ry="${num(s.ry)}" fill="${escapeXml(s.fill)}"${opacity}/>`;
        break;
      case 'path':
        out += `<path d="${escapeXml(s.d)}" fill="${escapeXml(s.fill)}"${s.stroke ? ` stroke="${escapeXml(s.stroke)}" stroke-width="${num(s.width ?? 1)}" stroke-linecap="round"` : ''}${opacity}/>`;
        break;
      case 'text':
        out += `<text x="${num(s.x)}" y="${num(s.y)}" font-size="${num(s.size)}" fill="${escapeXml(s.fill)}"${s.weight ? ` font-weight="${s.weight}"` : ''} text-anchor="${s.anchor ?? 'start'}">${escapeXml(s.text)}</text>`;
        break;
    }
  }
  return out;
}
