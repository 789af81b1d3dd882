/** The channels of a CSS colour as the DOM computes it ('#b3261e' or 'rgb(179, 38, 30)'). */
const channels = (colour: string): readonly [number, number, number] | null => {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour.trim());
  if (hex) return [1, 2, 3].map((i) => parseInt(hex[i] ?? '0', 16)) as [number, number, number];
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(colour.trim());
  if (rgb) return [1, 2, 3].map((i) => Number(rgb[i])) as [number, number, number];
  return null;
};

/**
 * The hue a person would name: 'red', 'green', 'orange' or 'yellow' (red with green), 'grey', or
 * 'other'.
 * Tests assert what the spec says ('red below 500'), not which shade the theme picked.
 */
const hueOf = (colour: string): 'red' | 'green' | 'orange' | 'yellow' | 'grey' | 'other' => {
  const c = channels(colour);
  if (!c) return 'other';
  const [r, g, b] = c;
  if (Math.max(r, g, b) - Math.min(r, g, b) < 30) return 'grey';
  if (g > r * 1.2 && g > b * 1.2) return 'green';
  if (r > g * 1.2 && r > b * 1.2) {
    if (g > r * 0.6) return 'yellow';
    if (g > r * 0.35) return 'orange';
    return 'red';
  }
  return 'other';
};

/** The named hue of an element's text colour. */
export const textHue = (el: Element) => hueOf(getComputedStyle(el).color);
/** The named hue of an element's background. */
export const backgroundHue = (el: Element) => hueOf(getComputedStyle(el).backgroundColor);
