import { describe, expect, it } from 'vitest';
import type { Toast } from './toast.js';
import { FORM_TOASTS, LIST_TOASTS } from './toasts.js';

const R = 'Please refresh the page and try again.';

describe('marketplace-admin §8 toasts', () => {
  it.each<[string, Toast, string, 'error' | 'success']>([
    [
      'list: delivery stats',
      LIST_TOASTS.deliveryStatsFailed,
      `Failed to retrieve some delivery statistics information. ${R}`,
      'error',
    ],
    [
      'list: agency',
      LIST_TOASTS.agencyFailed,
      'Failed to retrieve some agency information. Please ensure Core API service is running and refresh the page and try again.',
      'error',
    ],
    [
      'list: prepaid',
      LIST_TOASTS.prepaidBalanceFailed,
      'Failed to retrieve some prepaid balance information. Please ensure the API service is running and refresh the page and try again.',
      'error',
    ],
    [
      'list: delivery errors',
      LIST_TOASTS.deliveryErrorsFailed,
      `Failed to retrieve delivery errors. ${R}`,
      'error',
    ],
    [
      'list: refresh',
      LIST_TOASTS.refreshStatsFailed,
      'Failed to refresh delivery statistics. Please try again.',
      'error',
    ],
    ['list: save', LIST_TOASTS.saveFailed, `Failed to save marketplaces. ${R}`, 'error'],
    ['list: saved', LIST_TOASTS.saved, 'Marketplaces updated successfully.', 'success'],
    [
      'form: preload',
      FORM_TOASTS.preloadFailed,
      `Failed to get pre load data (opportunity sources and/or bank holidays). ${R}`,
      'error',
    ],
    [
      'form: load',
      FORM_TOASTS.marketplaceLoadFailed(42),
      `Failed to retrieve marketplace 42. ${R}`,
      'error',
    ],
    [
      'form: agency users',
      FORM_TOASTS.agencyUsersFailed(12),
      `Failed to retrieve users associated with agency ID 12. ${R}`,
      'error',
    ],
    [
      'form: NAICS',
      FORM_TOASTS.naicsFailed,
      `Error encountered while retrieving NAICs codes. ${R}`,
      'error',
    ],
    [
      'form: create',
      FORM_TOASTS.createFailed('Acme'),
      `Failed to save marketplace Acme. ${R}`,
      'error',
    ],
    [
      'form: update',
      FORM_TOASTS.updateFailed('Acme'),
      `Failed to update marketplace Acme. ${R}`,
      'error',
    ],
    [
      'form: agency',
      FORM_TOASTS.agencyFailed(12),
      `Failed to retrieve agency ID 12. ${R}`,
      'error',
    ],
    [
      'form: purchaser',
      FORM_TOASTS.purchaserFailed('bob@acme.com'),
      `Failed to retrieve default purchaser bob@acme.com. ${R}`,
      'error',
    ],
    [
      'form: created',
      FORM_TOASTS.created('Acme'),
      'Marketplace Acme has been saved successfully.',
      'success',
    ],
    [
      'form: updated',
      FORM_TOASTS.updated('Acme'),
      'Updates to marketplace Acme has been saved successfully',
      'success',
    ],
  ])('%s', (_name, toast, message, severity) => {
    expect(toast).toEqual({ message, severity, durationMs: 7000, closeLabel: 'Close' });
  });
});
