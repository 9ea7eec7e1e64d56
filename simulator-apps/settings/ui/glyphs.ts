/** The settings icon names (the artwork is in ../../shared/glyphs.ts), and the glyph and Chinese word for each kind of Bluetooth device. */
import type { SettingsGlyph } from '../../shared/glyphs.ts';
import type { BtKind } from '../types.ts';

export type GlyphName = SettingsGlyph;

export const DEVICE_GLYPH: Record<BtKind, GlyphName> = {
  earbuds: 'earbuds',
  headphones: 'headphones',
  watch: 'watch',
  band: 'band',
  car: 'car',
  keyboard: 'keyboard',
  mouse: 'mouse',
  speaker: 'speaker',
  tv: 'tv',
};

export const DEVICE_KIND_LABEL: Record<BtKind, string> = {
  earbuds: '耳机',
  headphones: '头戴式耳机',
  watch: '手表',
  band: '手环',
  car: '车载设备',
  keyboard: '键盘',
  mouse: '鼠标',
  speaker: '音箱',
  tv: '电视',
};
