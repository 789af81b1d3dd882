import { createTheme, type PaletteMode, type Theme } from '@mui/material/styles';
import type { Brand, CellColour, ColourToken } from '@referrals/shared';
import { focusRing } from './focusRing';

/** Primary colour of each brand; both pass WCAG AA for white text and on white. */
const BRAND_PRIMARY: Readonly<Record<Brand['theme'], string>> = {
  trustedChoice: '#0a4c86',
  product: '#00607a',
};
/** The purple of product and bridge company users. */
const PURPLE = '#5a2d82';

/**
 * Dark-mode primaries: the light ones are too dark to read on a dark ground, so each brand gets a
 * light tint of its hue (7:1 or better on #121212; MUI puts dark text on them in buttons).
 */
const BRAND_PRIMARY_DARK: Readonly<Record<Brand['theme'], string>> = {
  trustedChoice: '#90caf9',
  product: '#7fd3e6',
};
const PURPLE_DARK = '#cfa8f0';

/** The page and surface grounds of dark mode (MUI's own), which the token colours are tuned for. */
export const DARK_BACKGROUND = { default: '#121212', paper: '#1e1e1e' } as const;

/**
 * The console's theme: the brand's colour, or purple for company (product and bridge) users, as
 * section 6 gives them their own theme; light or dark.
 */
export const createAppTheme = (
  brand: Brand,
  purple: boolean,
  mode: PaletteMode = 'light',
): Theme => {
  const theme = createTheme({
    palette:
      mode === 'dark'
        ? {
            mode,
            primary: { main: purple ? PURPLE_DARK : BRAND_PRIMARY_DARK[brand.theme] },
            background: DARK_BACKGROUND,
          }
        : {
            mode,
            primary: { main: purple ? PURPLE : BRAND_PRIMARY[brand.theme] },
            background: { default: '#f5f6f8' },
          },
    typography: { fontSize: 14 },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
  theme.components = {
    ...theme.components,
    MuiCssBaseline: {
      styleOverrides: focusRing(theme.palette.primary.main),
    },
  };
  return theme;
};

/** Text colours of the tokens in dark mode; each reads at 4.5:1 or better on the dark grounds. */
const DARK_TOKEN_COLOURS: Readonly<Record<Exclude<ColourToken, 'brandBlue'>, string>> = {
  green: '#7ed69a',
  red: '#ff8a80',
  yellow: '#f2cc60',
  pink: '#f48fb1',
  grey: '#b0b6bc',
};

/**
 * Text colours of the shared colour tokens; each reads at 4.5:1 or better on white in light mode
 * and on the dark grounds in dark mode.
 */
export const tokenColour = (theme: Theme, token: ColourToken): string => {
  if (token === 'brandBlue') return theme.palette.primary.main;
  if (theme.palette.mode === 'dark') return DARK_TOKEN_COLOURS[token];
  switch (token) {
    case 'green':
      return '#1b6e34';
    case 'red':
      return '#b3261e';
    case 'yellow':
      return '#7a5d00';
    case 'pink':
      return '#a3124f';
    case 'grey':
      return '#5c6166';
  }
};

/**
 * Badge backgrounds of the shared colour tokens. The badge sets its own dark text on them, so they
 * read the same (7:1 or better) on a light or a dark page and need no dark variant.
 */
export const tokenBadge = (token: ColourToken): string => {
  switch (token) {
    case 'brandBlue':
      return '#d7e6f5';
    case 'green':
      return '#d3f0dc';
    case 'red':
      return '#f9d6d4';
    case 'yellow':
      return '#fdecb0';
    case 'pink':
      return '#f8d3e3';
    case 'grey':
      return '#e4e6e8';
  }
};

/** Text colours of the marketplace list's cells beyond the tokens' (orange), by mode. */
const ORANGE = { light: '#a04a00', dark: '#ffb74d' } as const;

/**
 * Text colour of a marketplace list cell in the theme's mode: the token colours, and orange.
 * Each reads at 4.5:1 or better on white in light mode and on the dark grounds in dark mode.
 */
export const cellColour = (theme: Theme, colour: Exclude<CellColour, 'default'>): string =>
  colour === 'orange' ? ORANGE[theme.palette.mode] : tokenColour(theme, colour);
