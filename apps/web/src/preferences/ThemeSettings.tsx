import { ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { THEME_CHOICES, type ThemeChoice } from '@referrals/shared';
import { usePreferences } from './usePreferences';

const LABELS: Readonly<Record<ThemeChoice, string>> = {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
};

/** The colour scheme switch: follow the system, or always light or dark. */
export const ThemeSettings = () => {
  const { preferences, save } = usePreferences();
  return (
    <>
      <Typography variant="subtitle2" component="h3" id="theme-choice-label">
        Appearance
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={preferences.theme}
        aria-labelledby="theme-choice-label"
        onChange={(_e, theme: ThemeChoice | null) => {
          if (theme) save({ ...preferences, theme });
        }}
        sx={{ my: 1 }}
      >
        {THEME_CHOICES.map((c) => (
          <ToggleButton key={c} value={c}>
            {LABELS[c]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </>
  );
};
