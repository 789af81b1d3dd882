import * as yup from 'yup';

/** The colour scheme a user picks: follow the operating system, or force one. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
/** One of THEME_CHOICES. */
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/**
 * A user's console preferences, the body of PUT /api/me/preferences. Strict: a string 'true' is
 * not a boolean and an unknown key is refused, so a bad client is told instead of half-stored.
 */
export const userPreferencesSchema = yup
  .object({
    alerts: yup
      .object({
        enabled: yup
          .boolean()
          .strict()
          .typeError('alerts.enabled must be true or false')
          .required('alerts.enabled must be true or false'),
        sound: yup
          .boolean()
          .strict()
          .typeError('alerts.sound must be true or false')
          .required('alerts.sound must be true or false'),
      })
      .noUnknown('alerts has unknown keys: ${unknown}')
      .required('alerts is required'),
    theme: yup
      .mixed<ThemeChoice>()
      .oneOf([...THEME_CHOICES], 'theme must be one of system, light, dark')
      .required('theme is required'),
  })
  .noUnknown('unknown keys: ${unknown}')
  .strict();

/** A user's console preferences: new-referral alerts and the colour scheme. */
export interface UserPreferences {
  readonly alerts: { readonly enabled: boolean; readonly sound: boolean };
  readonly theme: ThemeChoice;
}

/** Preferences of a user who never saved any: alerts off, the theme follows the system. */
export const DEFAULT_PREFERENCES: UserPreferences = {
  alerts: { enabled: false, sound: false },
  theme: 'system',
};

/** The stored or cached value if it is valid preferences, else the defaults. */
export const preferencesOrDefault = (value: unknown): UserPreferences => {
  try {
    return userPreferencesSchema.validateSync(value);
  } catch {
    return DEFAULT_PREFERENCES;
  }
};
