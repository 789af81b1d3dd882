import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import type { FeatureFlag } from '../schemas/admin.js';
import {
  appendFlag,
  FEATURE_FLAG_TEXTS,
  FEATURE_FLAG_TOASTS,
  FEATURE_FLAGS_PAGE_TITLE,
  isFlagOn,
  replaceFlag,
} from './flags.js';
import {
  featureFlagCreateSchema,
  featureFlagUpdateSchema,
  newFeatureFlagDefaults,
} from './schemas.js';

const errors = (
  schema: typeof featureFlagCreateSchema | typeof featureFlagUpdateSchema,
  value: unknown,
) => {
  try {
    schema.validateSync(value, { abortEarly: false });
    return [];
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    return e.errors;
  }
};

describe('marketplace-admin §5 feature flag validation', () => {
  it.each([
    [
      'accepts a named, described flag',
      { name: 'beta', description: 'Beta UI', enabled: false },
      [],
    ],
    ['requires a name', { name: '', description: 'd', enabled: true }, ['Name is required']],
    [
      'rejects a blank name',
      { name: '   ', description: 'd', enabled: true },
      ['Name is required'],
    ],
    [
      'requires a description',
      { name: 'n', description: ' ', enabled: true },
      ['Description is required'],
    ],
    [
      'reports both',
      { name: '', description: '', enabled: false },
      ['Name is required', 'Description is required'],
    ],
  ])('create %s', (_name, value, expected) => {
    expect(errors(featureFlagCreateSchema, value)).toEqual(expected);
  });

  it.each([
    ['accepts an edit', { id: 1, name: 'beta', description: 'Beta', enabled: true }, []],
    [
      'applies the same rules',
      { id: 1, name: '', description: '', enabled: true },
      ['Name is required', 'Description is required'],
    ],
  ])('edit %s', (_name, value, expected) => {
    expect(errors(featureFlagUpdateSchema, value)).toEqual(expected);
  });

  it('trims name and description', () => {
    expect(
      featureFlagCreateSchema.validateSync({ name: ' beta ', description: ' x ', enabled: true }),
    ).toEqual({
      name: 'beta',
      description: 'x',
      enabled: true,
    });
  });

  it('opens the add form empty and disabled', () => {
    expect(newFeatureFlagDefaults()).toEqual({ name: '', description: '', enabled: false });
  });
});

describe('marketplace-admin §8 feature flag toasts', () => {
  it.each([
    [
      'update failure',
      FEATURE_FLAG_TOASTS.updateFailed('beta', 'boom'),
      'Failed to update feature flag beta: boom',
      'error',
    ],
    [
      'create failure',
      FEATURE_FLAG_TOASTS.createFailed('beta', 'boom'),
      'Failed to create feature flag beta: boom',
      'error',
    ],
    [
      'update success',
      FEATURE_FLAG_TOASTS.updated('beta'),
      'Feature flag beta updated successfully.',
      'success',
    ],
    [
      'create success',
      FEATURE_FLAG_TOASTS.created('beta'),
      'Feature flag beta created successfully.',
      'success',
    ],
  ])('%s', (_name, toast, message, severity) => {
    expect(toast).toEqual({ message, severity, durationMs: 7000, closeLabel: 'Close' });
  });
});

describe('marketplace-admin §4 feature flag list', () => {
  const flags: FeatureFlag[] = [
    { id: 1, name: 'a', description: '', enabled: true },
    { id: 2, name: 'b', description: '', enabled: false },
  ];

  it.each([
    ['a', true],
    ['b', false],
    ['missing', false],
  ])('flag %s is enabled: %s', (name, on) => {
    expect(isFlagOn(flags, name)).toBe(on);
  });

  it('replaces an updated row and appends a created one', () => {
    const updated = { id: 2, name: 'b2', description: 'x', enabled: true };
    expect(replaceFlag(flags, updated)).toEqual([flags[0], updated]);
    const created = { id: 3, name: 'c', description: 'c', enabled: false };
    expect(appendFlag(flags, created)).toEqual([...flags, created]);
  });

  it('titles the screen and names its texts', () => {
    expect(FEATURE_FLAGS_PAGE_TITLE).toBe('Feature Flags | Fulcrum Edge');
    expect(FEATURE_FLAG_TEXTS.empty).toBe('No feature flags found');
    expect(FEATURE_FLAG_TEXTS.namePlaceholder).toBe('Enter feature flag name');
  });
});
