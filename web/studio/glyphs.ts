/**
 * Loads the bundled CJK font subsets (Noto Sans SC, split by unicode-range into ~100 files)
 * that a text needs *before* the text is shown.
 *
 * Why: Chromium shapes text whose subset is still loading with the system fallback, and when
 * a system font comes first in the font stack (as `system-ui` and the monospace fonts do
 * here) it never re-shapes it after the subset arrives: the text stays as tofu boxes for the
 * life of the page. Text first shown after its subset has loaded renders correctly.
 */
export type GlyphLoader = (text: string) => Promise<void> | null;

/** CJK ideographs, kana, hangul, CJK punctuation and full-width forms. */
const WIDE = /[\u2E80-\u9FFF\uA960-\uA97F\uAC00-\uD7FF\uF900-\uFAFF\uFE10-\uFE1F\uFE30-\uFE4F\uFF00-\uFFEF]/g;

/**
 * Returns a loader that resolves once every character of `text` not seen before has its
 * subset loaded, or null when there is nothing new to load (or no FontFaceSet, as in tests).
 */
export function createGlyphLoader(fonts: FontFaceSet | undefined, family = 'Noto Sans SC'): GlyphLoader {
  const seen = new Set<string>();
  return (text) => {
    if (!fonts) return null;
    let fresh = '';
    for (const [ch] of text.matchAll(WIDE)) {
      if (seen.has(ch)) continue;
      seen.add(ch);
      fresh += ch;
    }
    if (!fresh) return null;
    // A failed load only means tofu, never a lost update.
    return fonts.load(`16px "${family}"`, fresh).then(
      () => {},
      () => {},
    );
  };
}
