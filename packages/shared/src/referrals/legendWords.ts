import { CLAIM_NOW_LABEL } from './status.js';

/**
 * The legend's word for an Available referral, the one its viewer's cells use: agents, who can
 * claim, read 'Claim Now' (their cells are Claim Now buttons); privileged viewers (admins,
 * carriers), who cannot, read 'Available', as their status cells say.
 */
export const availableLegendWord = (privileged: boolean): string =>
  privileged ? 'Available' : CLAIM_NOW_LABEL;
