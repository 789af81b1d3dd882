import { useMediaQuery } from '@mui/material';
import type { PaletteMode } from '@mui/material/styles';
import type { ThemeChoice } from '@referrals/shared';
import { useRenderBasis } from '../ssr/renderBasis';

/** The query that tells whether the operating system asks for dark colours. */
const SYSTEM_DARK_QUERY = '(prefers-color-scheme: dark)';

/** The palette mode of a choice: 'system' follows the operating system, the others force one. */
export const resolveMode = (choice: ThemeChoice, systemDark: boolean): PaletteMode =>
  choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;

/**
 * The palette mode of a choice, following the system setting live (it changes when the user
 * switches their OS to dark). Read at the first render, so a dark system never flashes light;
 * a server-rendered page hydrates in the mode it was rendered in, then follows the system.
 */
export const useColourMode = (choice: ThemeChoice): PaletteMode => {
  const systemDark = useMediaQuery(SYSTEM_DARK_QUERY, { noSsr: true });
  const basis = useRenderBasis();
  return basis ? basis.mode : resolveMode(choice, systemDark);
};
