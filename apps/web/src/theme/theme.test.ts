import { describe, expect, it } from 'vitest';
import { CellColour, ColourToken, type Brand } from '@referrals/shared';
import { resolveMode } from './colourMode';
import { contrastRatio } from './contrast';
import { cellColour, createAppTheme, DARK_BACKGROUND, tokenBadge, tokenColour } from './theme';

const brand = { theme: 'trustedChoice', displayName: 'Trusted Choice' } as unknown as Brand;
const AA = 4.5;

describe('colour mode', () => {
  it('follows the system for "system" and forces light or dark otherwise', () => {
    expect(resolveMode('system', true)).toBe('dark');
    expect(resolveMode('system', false)).toBe('light');
    expect(resolveMode('light', true)).toBe('light');
    expect(resolveMode('dark', false)).toBe('dark');
  });

  it('gives dark mode a dark page ground', () => {
    const dark = createAppTheme(brand, false, 'dark');
    expect(dark.palette.mode).toBe('dark');
    expect(dark.palette.background.default).toBe(DARK_BACKGROUND.default);
    expect(createAppTheme(brand, false).palette.background.default).toBe('#f5f6f8');
  });
});

describe('token colours keep WCAG AA in both modes', () => {
  for (const purple of [false, true]) {
    const light = createAppTheme(brand, purple, 'light');
    const dark = createAppTheme(brand, purple, 'dark');
    it.each(Object.values(ColourToken))(
      `%s reads at 4.5:1 on its ground (purple: ${purple})`,
      (token) => {
        expect(contrastRatio(tokenColour(light, token), '#ffffff')).toBeGreaterThanOrEqual(AA);
        for (const ground of Object.values(DARK_BACKGROUND))
          expect(contrastRatio(tokenColour(dark, token), ground)).toBeGreaterThanOrEqual(AA);
      },
    );
  }

  it.each(Object.values(ColourToken))(
    'the %s badge reads with its dark text in either mode',
    (token) => {
      expect(contrastRatio('#1f2328', tokenBadge(token))).toBeGreaterThanOrEqual(AA);
    },
  );
});

describe('the marketplace list cells keep WCAG AA in both modes', () => {
  const light = createAppTheme(brand, false, 'light');
  const dark = createAppTheme(brand, false, 'dark');
  const colours = Object.values(CellColour).filter((c) => c !== 'default');
  it.each(colours)('%s reads at 4.5:1 on white and on the dark grounds', (colour) => {
    expect(contrastRatio(cellColour(light, colour), '#ffffff')).toBeGreaterThanOrEqual(AA);
    for (const ground of Object.values(DARK_BACKGROUND))
      expect(contrastRatio(cellColour(dark, colour), ground)).toBeGreaterThanOrEqual(AA);
  });
});
