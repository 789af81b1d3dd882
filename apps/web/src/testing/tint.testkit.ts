/**
 * The hue a person would name for any colour the DOM computes, pale ones too (a badge's ground,
 * a highlighted row): 'grey', 'green', 'red', 'yellow', 'pink', 'blue', or null for no colour.
 * `colour.testkit`'s hues are for text and dots; a pastel ground reads as grey there. Tests assert
 * the spec's words ('Settled red'), never the theme's shade.
 */
export type Tint = 'grey' | 'green' | 'red' | 'yellow' | 'pink' | 'blue';

const channelsOf = (colour: string): readonly [number, number, number] | null => {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour.trim());
  if (hex) return [1, 2, 3].map((i) => parseInt(hex[i] ?? '0', 16)) as [number, number, number];
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)$/.exec(colour.trim());
  if (!rgb || rgb[4] === '0') return null;
  return [1, 2, 3].map((i) => Number(rgb[i])) as [number, number, number];
};

/** The named hue of a computed colour; null when there is none (transparent or unset). */
export const tintOf = (colour: string): Tint | null => {
  const c = channelsOf(colour);
  if (!c) return null;
  const [r, g, b] = c;
  if (Math.max(r, g, b) - Math.min(r, g, b) < 15) return 'grey';
  if (b >= r && b >= g) return 'blue';
  if (g > r && g > b) return 'green';
  // Red is the largest: with much green it is yellow, with more blue than green pink.
  if (g - b > 40) return 'yellow';
  if (b - g > 10) return 'pink';
  return 'red';
};

/** The named hue of an element's background. */
export const groundTint = (el: Element): Tint | null =>
  tintOf(getComputedStyle(el).backgroundColor);
/** The named hue of an element's colour (an icon's fill, a text). */
export const inkTint = (el: Element): Tint | null => tintOf(getComputedStyle(el).color);
