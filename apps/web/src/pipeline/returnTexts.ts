import { formatUsd, RETURN_REASONS, type ReturnRequest } from '@referrals/shared';

/** The short text of a return's state, as the list's chip shows it. */
export const returnChipText = (r: ReturnRequest): string =>
  r.state === 'requested'
    ? 'Return requested'
    : r.state === 'approved'
      ? `Returned${r.credit === null ? '' : ` · credit ${formatUsd(r.credit)}`}`
      : 'Return denied';

/** The whole story of a return, as the details panel tells it. */
export const returnStateText = (r: ReturnRequest): string => {
  const why = `${RETURN_REASONS[r.reason]}${r.note ? ` (${r.note})` : ''}`;
  if (r.state === 'requested') return `Return requested by ${r.requestedBy}: ${why}.`;
  if (r.state === 'approved')
    return `Return approved${r.credit === null ? '' : `, credit ${formatUsd(r.credit)}`}: ${r.comment ?? ''}`;
  return `Return denied: ${r.comment ?? ''}`;
};

/** The colour of a return's chip. */
export const returnChipColour = (r: ReturnRequest) =>
  r.state === 'requested' ? 'warning' : r.state === 'approved' ? 'success' : 'default';
