import { createTheme, type Theme } from '@mui/material/styles';
import type { Brand, ColourToken } from '@referrals/shared';

/** Primary colour of each brand; both pass WCAG AA for white text and on white. */
const BRAND_PRIMARY: Readonly<Record<Brand['theme'], string>> = {
  trustedChoice: '#0a4c86',
  product: '#00607a',
};
/** The purple of product and bridge company users. */
const PURPLE = '#5a2d82';

/**
 * The console's theme: the brand's colour, or purple for company (product and bridge) users, as
 * section 6 gives them their own theme.
 */
export const createAppTheme = (brand: Brand, purple: boolean): Theme =>
  createTheme({
    palette: {
      primary: { main: purple ? PURPLE : BRAND_PRIMARY[brand.theme] },
      background: { default: '#f5f6f8' },
    },
    typography: { fontSize: 14 },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });

/** Text colours of the shared colour tokens; each reads at 4.5:1 or better on white. */
export const tokenColour = (theme: Theme, token: ColourToken): string => {
  switch (token) {
    case 'brandBlue':
      return theme.palette.primary.main;
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

/** Badge backgrounds of the shared colour tokens (dark text sits on them). */
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
