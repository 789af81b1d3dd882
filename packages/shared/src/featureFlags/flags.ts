import { PRODUCT_NAME } from '../domain/roles.js';
import type { FeatureFlag } from '../schemas/admin.js';
import { errorToast, successToast, type Toast } from '../marketplaces/toast.js';

/**
 * The flags the console reads (loaded at start, followed live; a flag not loaded, unknown or
 * whose read failed is off): the admin referral list by expiration first, Talk Now on direct-call
 * referrals, the street view in the details panel.
 */
export const CONSOLE_FLAGS = {
  expirationSort: 'marketplace-expiration-sort',
  talkNow: 'talk-now',
  streetView: 'show-visual-location',
} as const;

/** Whether a flag is on among the flags read; missing means off. */
export const isFlagOn = (flags: Iterable<Pick<FeatureFlag, 'name' | 'enabled'>>, name: string) => {
  for (const f of flags) if (f.name === name) return f.enabled;
  return false;
};

/** Browser title of the feature flags screen: 'Feature Flags | Fulcrum Edge'. */
export const FEATURE_FLAGS_PAGE_TITLE = `Feature Flags | ${PRODUCT_NAME} Edge`;

/** Fixed texts of the feature flags screen (section 2.3). */
export const FEATURE_FLAG_TEXTS = {
  heading: 'Feature Flags',
  namePlaceholder: 'Enter feature flag name',
  descriptionPlaceholder: 'Enter feature flag description',
  empty: 'No feature flags found',
  addFirst: 'Add First Flag',
  submit: 'Submit',
  cancel: 'Cancel',
  edit: 'Edit',
  save: 'Save',
  columns: ['name', 'description', 'enabled', 'actions'],
} as const;

/** Toasts of the feature flags screen (section 8). */
export const FEATURE_FLAG_TOASTS = {
  updateFailed: (name: string, serverError: string): Toast =>
    errorToast(`Failed to update feature flag ${name}: ${serverError}`),
  createFailed: (name: string, serverError: string): Toast =>
    errorToast(`Failed to create feature flag ${name}: ${serverError}`),
  updated: (name: string): Toast => successToast(`Feature flag ${name} updated successfully.`),
  created: (name: string): Toast => successToast(`Feature flag ${name} created successfully.`),
} as const;

/** The list after a successful update: the row with the same id is replaced. */
export const replaceFlag = (flags: readonly FeatureFlag[], updated: FeatureFlag): FeatureFlag[] =>
  flags.map((f) => (f.id === updated.id ? updated : f));

/** The list after a successful create: the new flag is appended. */
export const appendFlag = (flags: readonly FeatureFlag[], created: FeatureFlag): FeatureFlag[] => [
  ...flags,
  created,
];
