/** The map view that shows a path whole: its bounding box's centre and the closest zoom step it fits. */
import type { Point } from '../logic.ts';

/** Metres across the map's width at each zoom step (./CityMap.svelte). */
export const ZOOM_WIDTHS = [7400, 4400, 2600, 1500] as const;

export function fitView(points: readonly Point[], heightPx: number): { center: Point; zoom: number } {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const needW = Math.max(x1 - x0, ((y1 - y0) * 360) / heightPx) * 1.3 + 300;
  let zoom = 0;
  for (let z = ZOOM_WIDTHS.length - 1; z >= 0; z--) {
    if (ZOOM_WIDTHS[z] >= needW) {
      zoom = z;
      break;
    }
  }
  return { center: { x: (x0 + x1) / 2, y: (y0 + y1) / 2 }, zoom };
}
