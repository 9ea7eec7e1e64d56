/**
 * SVG markup of our own (./svgShapes.ts pictures, line icons) put inside an `<svg>` or `<g>`:
 * each distinct markup is parsed once and cloned after. A feed's first screen draws dozens of
 * photo tiles and covers, and the same ones again on every reset into it; cloning a parsed
 * fragment costs a fraction of parsing its text again (what `{@html}` does each time). The
 * nodes are the ones the parser makes, so the pixels are the same.
 *
 * Use: `<svg viewBox="0 0 100 100" {@attach svgMarkup(markup)}></svg>` (Svelte runs the
 * attachment again when `markup` changes).
 */
import type { Attachment } from 'svelte/attachments';
import { Kept } from './kept.ts';

/** Distinct pictures kept parsed: a few screens of tiles and icons. */
const parsed = new Kept<string, DocumentFragment>(800);

function parsedMarkup(markup: string): DocumentFragment {
  return parsed.get(markup, () => {
    // Parsed inside an <svg>, so the shapes get the SVG namespace (as `{@html}` in an svg does).
    const template = document.createElement('template');
    template.innerHTML = `<svg>${markup}</svg>`;
    const fragment = document.createDocumentFragment();
    fragment.append(...template.content.firstChild!.childNodes);
    return fragment;
  });
}

/** The element's children become `markup`'s shapes. */
export function svgMarkup(markup: string): Attachment<SVGElement> {
  return (el) => {
    el.replaceChildren(parsedMarkup(markup).cloneNode(true));
  };
}
