import { formatUsd, RETURN_REASONS, type ReturnRequest } from '@referrals/shared';

/** The whole story of a return, as the details panel tells it. */
export const returnStateText = (r: ReturnRequest): string => {
  const why = `${RETURN_REASONS[r.reason]}${r.note ? ` (${r.note})` : ''}`;
  if (r.state === 'requested') return `Return requested by ${r.requestedBy}: ${why}.`;
  if (r.state === 'approved')
    return `Return approved${r.credit === null ? '' : `, credit ${formatUsd(r.credit)}`}: ${r.comment ?? ''}`;
  return `Return denied: ${r.comment ?? ''}`;
};
