/**
 * 优选's product pictures: every kind of product has its own drawing, two products of one kind
 * differ (a look-alike brand pair too), one product draws the same markup every time, the option a
 * cart line picked colours it, and the picture's root keeps `pg-art` so a look's filter leaves it.
 */
import { flushSync, mount, unmount } from 'svelte';
import { describe, expect, it } from 'vitest';
import { productArt } from '../../simulator-apps/shop/art.ts';
import { CATEGORY_INFO, TRAP_PAIRS } from '../../simulator-apps/shop/data.ts';
import { createShopState } from '../../simulator-apps/shop/seed.ts';
import type { Product } from '../../simulator-apps/shop/types.ts';
import ProductImage from '../../simulator-apps/shop/ui/ProductImage.svelte';
import { Rng } from '../../simulator-apps/shared/rng.ts';

const products: Product[] = createShopState(new Rng(1), { now: Date.UTC(2026, 0, 1), timezone: 'Asia/Shanghai' }).products;

function markup(props: { hue: number; glyph: string; id?: string; picked?: readonly string[]; variant?: number }): string {
  const target = document.createElement('div');
  const app = mount(ProductImage, { target, props: { size: 120, ...props } });
  flushSync();
  const html = target.innerHTML;
  unmount(app);
  return html;
}

describe('shop product pictures', () => {
  it('gives every kind of product its own drawing', () => {
    const kinds = Object.values(CATEGORY_INFO).flatMap((info) => info.kinds);
    const drawings = new Set(kinds.map((k) => k.art));
    // T恤 and 速干T恤 are both T-shirts but drawn apart (the sport tee has a stripe); all others differ by kind.
    expect(drawings.size).toBe(kinds.length);
    for (const k of kinds) expect(productArt(k.glyph, 200, 'p_001')?.kind).toBe(k.art);
  });

  it('draws two products of one kind differently, and a look-alike brand pair too', () => {
    const earbuds = products.filter((p) => p.glyph === '耳');
    expect(earbuds.length).toBeGreaterThanOrEqual(2);
    const [first, second] = earbuds;
    expect(markup(first)).not.toBe(markup(second));
    const trap = TRAP_PAIRS[0];
    const pair = products.filter((p) => p.category === trap.category && (trap.brands as readonly string[]).includes(p.brand) && p.glyph === CATEGORY_INFO[trap.category].kinds[trap.kind].glyph);
    expect(pair.map((p) => p.brand).sort()).toEqual([...trap.brands].sort());
    expect(markup(pair[0])).not.toBe(markup(pair[1]));
  });

  it('draws every product of a category with the markup of its kind, distinct products mostly distinct', () => {
    for (const category of Object.keys(CATEGORY_INFO)) {
      const inCategory = products.filter((p) => p.category === category);
      const drawn = new Set(inCategory.map((p) => markup(p)));
      // Two products of a kind can draw alike only by a hash collision of form, colour and details.
      expect(drawn.size).toBeGreaterThanOrEqual(inCategory.length - 2);
    }
  });

  it('draws one product the same twice, in each gallery view, and the views differ', () => {
    const p = products[0];
    for (const variant of [0, 1, 2]) expect(markup({ ...p, variant })).toBe(markup({ ...p, variant }));
    expect(new Set([0, 1, 2].map((variant) => markup({ ...p, variant }))).size).toBe(3);
  });

  it('colours the picture with the option a line picked', () => {
    const kettle = products.find((p) => p.glyph === '壶')!;
    expect(productArt(kettle.glyph, kettle.hue, kettle.id, ['奶白'])!.body).not.toBe(productArt(kettle.glyph, kettle.hue, kettle.id, ['薄荷绿'])!.body);
    expect(markup({ ...kettle, picked: ['雾灰'] })).not.toBe(markup({ ...kettle, picked: ['奶白'] }));
    // An option that is no colour (a size) leaves the product's own colour.
    expect(productArt('T', 330, 'p_040', ['XL'])).toEqual(productArt('T', 330, 'p_040'));
    // A colour the kind does not come in (a shoe's 黑白 on a kettle) leaves it too.
    expect(productArt('壶', 190, kettle.id, ['黑白'])).toEqual(productArt('壶', 190, kettle.id));
  });

  it('keeps pg-art on the root, and draws a glyph no kind has as a tile with the glyph', () => {
    const root = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.firstElementChild!;
    expect(root(markup(products[3])).classList.contains('pg-art')).toBe(true);
    const tile = root(markup({ hue: 20, glyph: '货' }));
    expect(tile.classList.contains('pg-art')).toBe(true);
    expect(tile.querySelector('svg')).toBeNull();
    expect(tile.textContent).toContain('货');
  });
});
