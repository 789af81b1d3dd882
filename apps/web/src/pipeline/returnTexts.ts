import { formatUsd, type ReturnRequest } from '@referrals/shared';

// The list's chip only: the reasons (and the pipeline schemas, with yup, beside them in shared)
// stay out of the grid cells every list, the public feed's too, loads. The panel's text is in
// returnStory.ts.

/** The short text of a return's state, as the list's chip shows it. */
export const returnChipText = (r: ReturnRequest): string =>
  r.state === 'requested'
    ? 'Return requested'
    : r.state === 'approved'
      ? `Returned${r.credit === null ? '' : ` · credit ${formatUsd(r.credit)}`}`
      : 'Return denied';

/** The colour of a return's chip. */
export const returnChipColour = (r: ReturnRequest) =>
  r.state === 'requested' ? 'warning' : r.state === 'approved' ? 'success' : 'default';
