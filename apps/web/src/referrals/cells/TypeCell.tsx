import { Tooltip } from '@mui/material';
import { OPPORTUNITY_TYPE_NAMES, TOOLTIP, type OpportunityType } from '@referrals/shared';

/** The Type cell: the opportunity type's code, its full name in a tooltip. */
export const TypeCell = ({ type }: { readonly type: string }) => (
  <Tooltip
    title={OPPORTUNITY_TYPE_NAMES[type as OpportunityType] ?? type}
    enterDelay={TOOLTIP.showDelayMs}
    leaveDelay={TOOLTIP.hideDelayMs}
    placement={TOOLTIP.placement}
  >
    <span>{type}</span>
  </Tooltip>
);
