/** The glyph loader asks the FontFaceSet once per new CJK character, and never for ASCII. */
import { describe, expect, it } from 'vitest';
import { createGlyphLoader } from '../../web/studio/glyphs.ts';

describe('createGlyphLoader', () => {
  it('loads each new wide character once, for the bundled family', async () => {
    const calls: [string, string | undefined][] = [];
    const fonts = { load: (font: string, text?: string) => (calls.push([font, text]), Promise.resolve([])) } as unknown as FontFaceSet;
    const load = createGlyphLoader(fonts);
    expect(load('{"title":"Team Lunch"}')).toBeNull();
    await load('{"title":"妈妈","body":"晚上回家吃饭吗？"}');
    expect(calls).toEqual([['16px "Noto Sans SC"', '妈晚上回家吃饭吗？']]);
    expect(load('妈妈 晚上')).toBeNull();
    await load('妈妈 今晚');
    expect(calls.at(-1)).toEqual(['16px "Noto Sans SC"', '今']);
  });

  it('does nothing without a FontFaceSet, and a failed load still resolves', async () => {
    expect(createGlyphLoader(undefined)('妈')).toBeNull();
    const failing = { load: () => Promise.reject(new Error('offline')) } as unknown as FontFaceSet;
    await expect(createGlyphLoader(failing)('妈')).resolves.toBeUndefined();
  });
});
