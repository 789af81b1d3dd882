import { PNG } from 'pngjs';
import { Rng } from './prng.js';

/** The details panel shows the street view at 300x200 (agent-console section 9). */
export const STREET_VIEW_SIZE = { width: 300, height: 200 } as const;

type Rgb = readonly [number, number, number];

function fill(png: PNG, x0: number, y0: number, x1: number, y1: number, rgb: Rgb): void {
  const { width, height } = png;
  for (let y = Math.max(0, y0); y < Math.min(height, y1); y++) {
    for (let x = Math.max(0, x0); x < Math.min(width, x1); x++) {
      const i = (y * width + x) * 4;
      png.data[i] = rgb[0];
      png.data[i + 1] = rgb[1];
      png.data[i + 2] = rgb[2];
      png.data[i + 3] = 255;
    }
  }
}

/**
 * A stylised street scene (sky, a row of buildings with windows, pavement and road) drawn from the
 * searchId, so each referral always shows the same picture and different ones differ.
 */
export function streetViewPng(searchId: string): Buffer {
  const rng = new Rng(`street:${searchId}`);
  const { width, height } = STREET_VIEW_SIZE;
  const png = new PNG({ width, height });
  for (let y = 0; y < 120; y++) fill(png, 0, y, width, y + 1, [110 + y / 2, 170 + y / 4, 235]);
  let x = -rng.int(0, 20);
  while (x < width) {
    const w = rng.int(40, 90);
    const top = rng.int(25, 90);
    const wall: Rgb = [rng.int(120, 220), rng.int(90, 190), rng.int(80, 170)];
    fill(png, x, top, x + w - 2, 150, wall);
    for (let wy = top + 8; wy < 135; wy += 16) {
      for (let wx = x + 6; wx < x + w - 12; wx += 14)
        fill(png, wx, wy, wx + 8, wy + 9, [60, 80, 110]);
    }
    fill(png, x + w / 2 - 6, 132, x + w / 2 + 6, 150, [70, 50, 40]);
    x += w;
  }
  fill(png, 0, 150, width, 162, [190, 190, 185]);
  fill(png, 0, 162, width, height, [70, 70, 75]);
  for (let dx = 5; dx < width; dx += 40) fill(png, dx, 180, dx + 20, 183, [240, 220, 90]);
  return PNG.sync.write(png);
}
