import type { CSSObject } from '@mui/material/styles';

/**
 * The keyboard's focus ring, page-wide: a solid outline in the primary colour, set off from the
 * control, on whatever the keyboard reaches (MUI's own cue is a faint ripple). MUI controls whose
 * focused element is a hidden input (switches, checkboxes, radios) ring their visible base, which
 * MUI marks Mui-focusVisible. Text fields keep their own focused border. On the app bar, whose
 * ground is the primary colour, the ring takes the bar's text colour.
 */
export const focusRing = (primary: string): Record<string, CSSObject> => {
  const ring: CSSObject = { outline: `2px solid ${primary}`, outlineOffset: 2 };
  return {
    // 'body' lifts the rule over MUI's single-class `outline: 0` on its buttons.
    'body :focus-visible:not(input, textarea), body .MuiButtonBase-root.Mui-focusVisible': ring,
    'body .MuiAppBar-root :focus-visible, body .MuiAppBar-root .Mui-focusVisible': {
      outlineColor: 'currentColor',
    },
  };
};
