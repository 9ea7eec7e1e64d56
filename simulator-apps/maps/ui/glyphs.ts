/** 路路通's line glyphs (24×24, stroked in currentColor), drawn by ./Glyph.svelte. */
export const MAPS_GLYPHS = {
  map: '<path d="M3.5 6.5l5.5-2.5 6 2.5 5.5-2.5v13.5l-5.5 2.5-6-2.5-5.5 2.5z" /><path d="M9 4v13.5M15 6.5V20" />',
  car: '<path d="M5 16.5V12l2-5h10l2 5v4.5z" /><path d="M5 12h14" /><circle cx="8" cy="17.5" r="1.6" /><circle cx="16" cy="17.5" r="1.6" />',
  user: '<circle cx="12" cy="8.2" r="4" /><path d="M4.6 20.3c0-4.1 3.3-7.4 7.4-7.4s7.4 3.3 7.4 7.4z" />',
  home: '<path d="M4 11l8-6.5 8 6.5" /><path d="M6 9.5V20h12V9.5" /><path d="M10 20v-5h4v5" />',
  work: '<rect x="4" y="7.5" width="16" height="12" rx="1.5" /><path d="M9 7.5V5h6v2.5M4 12.5h16" />',
  star: '<path d="M12 3.6l2.6 5.3 5.8.8-4.2 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z" />',
  starFill: '<path d="M12 3.6l2.6 5.3 5.8.8-4.2 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z" fill="currentColor" />',
  search: '<circle cx="10.8" cy="10.8" r="6.3" /><path d="M15.5 15.5l4.5 4.5" />',
  route: '<circle cx="6" cy="18" r="2" /><circle cx="18" cy="6" r="2" /><path d="M8 18h7a3 3 0 0 0 0-6H9a3 3 0 0 1 0-6h7" />',
  phone: '<path d="M6.5 3.8h3l1.5 4-2 1.3a11 11 0 0 0 5.9 5.9l1.3-2 4 1.5v3a2 2 0 0 1-2.2 2A16.5 16.5 0 0 1 4.5 6a2 2 0 0 1 2-2.2z" />',
  share: '<circle cx="18" cy="5.5" r="2.3" /><circle cx="6" cy="12" r="2.3" /><circle cx="18" cy="18.5" r="2.3" /><path d="M8 11l8-4.3M8 13l8 4.3" />',
  clock: '<circle cx="12" cy="12" r="8.5" /><path d="M12 7.5V12l3 2" />',
  pin: '<path d="M12 21s-6.5-6.2-6.5-11a6.5 6.5 0 0 1 13 0c0 4.8-6.5 11-6.5 11z" /><circle cx="12" cy="10" r="2.3" />',
  walk: '<circle cx="13" cy="4.8" r="1.8" /><path d="M10.5 20l2-6-2.5-2.5 1-4.5 3.5 3 3 1M9 9l-2.5 3.5M12.5 14l3 6" />',
  bus: '<rect x="5" y="3.5" width="14" height="14" rx="2.5" /><path d="M5 11h14M8 17.5v2.5M16 17.5v2.5" /><circle cx="8.5" cy="14.3" r="0.8" /><circle cx="15.5" cy="14.3" r="0.8" />',
  plus: '<path d="M12 5v14M5 12h14" />',
  minus: '<path d="M5 12h14" />',
  locate: '<circle cx="12" cy="12" r="6.5" /><circle cx="12" cy="12" r="2" fill="currentColor" /><path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3" />',
  swap: '<path d="M7 4v16M7 20l-3-3M7 20l3-3M17 20V4M17 4l-3 3M17 4l3 3" />',
  receipt: '<path d="M6 3.5h12v17l-2-1.3-2 1.3-2-1.3-2 1.3-2-1.3-2 1.3z" /><path d="M9 8.5h6M9 12h6M9 15.5h4" />',
  trash: '<path d="M4.5 6.5h15M9.5 6.5V4.5h5v2M6.5 6.5l1 13h9l1-13" />',
  chevron: '<path d="M9.5 6l6 6-6 6" />',
} as const;

export type MapsGlyph = keyof typeof MAPS_GLYPHS;
