import type { Theme } from '@mui/material';
import type { CellColour } from '@referrals/shared';
import { cellColour } from '../../../theme/theme';

/** Text colour of a list cell, for an `sx` colour: the theme's, in the page's mode. */
export const cellTextColour =
  (colour: CellColour) =>
  (theme: Theme): string =>
    colour === 'default' ? 'inherit' : cellColour(theme, colour);

/** Dot colours of the Last Delivered cell (the dot is decoration, the text says the state). */
export const DOT_COLOURS: Readonly<Record<CellColour, string>> = {
  default: '#9e9e9e',
  red: '#d32f2f',
  green: '#2e7d32',
  yellow: '#f9a825',
  orange: '#ef6c00',
  grey: '#9e9e9e',
};
