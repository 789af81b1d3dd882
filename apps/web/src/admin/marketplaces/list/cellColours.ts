import type { CellColour } from '@referrals/shared';
import { cellColourVar } from '../../../theme/theme';

const textOf = (c: Exclude<CellColour, 'default'>) => `var(${cellColourVar(c)})`;

/** Text colours of the list cells: the theme's, for the page's mode (light or dark). */
export const CELL_COLOURS: Readonly<Record<CellColour, string>> = {
  default: 'inherit',
  red: textOf('red'),
  green: textOf('green'),
  yellow: textOf('yellow'),
  orange: textOf('orange'),
  grey: textOf('grey'),
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
