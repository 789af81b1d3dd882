import { errorToast, successToast, type Toast } from './toast.js';

const RETRY = 'Please refresh the page and try again.';

/** Toasts of the marketplaces list page (section 8). */
export const LIST_TOASTS = {
  deliveryStatsFailed: errorToast(
    `Failed to retrieve some delivery statistics information. ${RETRY}`,
  ),
  agencyFailed: errorToast(
    'Failed to retrieve some agency information. Please ensure Core API service is running and refresh the page and try again.',
  ),
  prepaidBalanceFailed: errorToast(
    'Failed to retrieve some prepaid balance information. Please ensure the API service is running and refresh the page and try again.',
  ),
  deliveryErrorsFailed: errorToast(`Failed to retrieve delivery errors. ${RETRY}`),
  refreshStatsFailed: errorToast('Failed to refresh delivery statistics. Please try again.'),
  saveFailed: errorToast(`Failed to save marketplaces. ${RETRY}`),
  saved: successToast('Marketplaces updated successfully.'),
} as const satisfies Record<string, Toast>;

/** Toasts of the marketplace form page (section 8). */
export const FORM_TOASTS = {
  preloadFailed: errorToast(
    `Failed to get pre load data (opportunity sources and/or bank holidays). ${RETRY}`,
  ),
  marketplaceLoadFailed: (id: number | string): Toast =>
    errorToast(`Failed to retrieve marketplace ${id}. ${RETRY}`),
  agencyUsersFailed: (agencyId: number | string): Toast =>
    errorToast(`Failed to retrieve users associated with agency ID ${agencyId}. ${RETRY}`),
  naicsFailed: errorToast(`Error encountered while retrieving NAICs codes. ${RETRY}`),
  createFailed: (name: string): Toast => errorToast(`Failed to save marketplace ${name}. ${RETRY}`),
  updateFailed: (name: string): Toast =>
    errorToast(`Failed to update marketplace ${name}. ${RETRY}`),
  agencyFailed: (agencyId: number | string): Toast =>
    errorToast(`Failed to retrieve agency ID ${agencyId}. ${RETRY}`),
  purchaserFailed: (email: string): Toast =>
    errorToast(`Failed to retrieve default purchaser ${email}. ${RETRY}`),
  created: (name: string): Toast =>
    successToast(`Marketplace ${name} has been saved successfully.`),
  /** Worded as the spec quotes it, without a final period. */
  updated: (name: string): Toast =>
    successToast(`Updates to marketplace ${name} has been saved successfully`),
} as const;
