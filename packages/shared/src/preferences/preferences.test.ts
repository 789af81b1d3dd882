import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, preferencesOrDefault, userPreferencesSchema } from './schemas.js';

const valid = { alerts: { enabled: true, sound: false }, theme: 'dark' };

const errorsOf = (value: unknown): string[] => {
  try {
    userPreferencesSchema.validateSync(value, { abortEarly: false });
    return [];
  } catch (err) {
    return (err as { errors: string[] }).errors;
  }
};

describe('user preferences schema', () => {
  it('accepts a whole preferences object', () => {
    expect(errorsOf(valid)).toEqual([]);
  });

  it('starts with alerts off and the theme following the system', () => {
    expect(DEFAULT_PREFERENCES).toEqual({
      alerts: { enabled: false, sound: false },
      theme: 'system',
    });
  });

  it('refuses a theme outside system, light and dark with the reason', () => {
    expect(errorsOf({ ...valid, theme: 'blue' })).toEqual([
      'theme must be one of system, light, dark',
    ]);
  });

  it('refuses strings for booleans instead of coercing them', () => {
    expect(errorsOf({ ...valid, alerts: { enabled: 'true', sound: false } })).toEqual([
      'alerts.enabled must be true or false',
    ]);
  });

  it('refuses missing parts and unknown keys', () => {
    expect(errorsOf({ theme: 'light' })).toContain('alerts is required');
    expect(errorsOf({ ...valid, extra: 1 })).toEqual(['unknown keys: extra']);
    expect(errorsOf(null).length).toBeGreaterThan(0);
  });

  it('falls back to the defaults for a cached value that is not valid', () => {
    expect(preferencesOrDefault(valid)).toEqual(valid);
    expect(preferencesOrDefault({ theme: 'dark' })).toBe(DEFAULT_PREFERENCES);
    expect(preferencesOrDefault('garbage')).toBe(DEFAULT_PREFERENCES);
  });
});
