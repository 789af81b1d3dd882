import type { CellColour } from '@referrals/shared';

/** Text colours of the list cells; each reads at 4.5:1 or better on white. */
export const CELL_COLOURS: Readonly<Record<CellColour, string>> = {
  default: 'inherit',
  red: '#b3261e',
  green: '#1b6e34',
  yellow: '#7a5d00',
  orange: '#a04a00',
  grey: '#5f6368',
};

/** Dot colours of the Last Delivered cell (the dot is decoration, the text says the state). */
export const DOT_COLOURS: Readonly<Record<CellColour, string>> = {
  default: '#9e9e9e',
  red: '#d32f2f',
  green: '#2e7d32',
  yellow: '#f9a825',
  orange: '#ef6c00',
  grey: '#9e9e9e',
};
