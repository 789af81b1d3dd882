import { useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';

/**
 * Where the shell's side navigation folds away into the app bar's menu (MUI's md, 900 px): below
 * it a 240 px column would leave too little room for the lists.
 */
export const NAV_BREAKPOINT = 'md';

/**
 * True below the navigation breakpoint: the side navigation is a drawer behind the menu button
 * and the shell's lists use the stacked layout. The spec stacks lists at 768 px and below; from
 * 769 to 899 px the navigation has folded away too, and wide columns do not fit either, so the
 * shell stacks them up to its breakpoint (issue 19). The public feed, without a side navigation,
 * keeps the spec's 768 px.
 */
export const useCompactLayout = (): boolean => {
  // Material's useTheme falls back to the default theme (same breakpoints) outside a provider.
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down(NAV_BREAKPOINT), { noSsr: true });
};
