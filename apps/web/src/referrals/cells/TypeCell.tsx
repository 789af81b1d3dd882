import { LazyTooltip } from './LazyTooltip';
import { OPPORTUNITY_TYPE_NAMES, TOOLTIP, type OpportunityType } from '@referrals/shared';

/** The Type cell: the opportunity type's code, its full name in a tooltip. */
export const TypeCell = ({ type }: { readonly type: string }) => (
  <LazyTooltip
    title={OPPORTUNITY_TYPE_NAMES[type as OpportunityType] ?? type}
    enterDelay={TOOLTIP.showDelayMs}
    leaveDelay={TOOLTIP.hideDelayMs}
    placement={TOOLTIP.placement}
  >
    <span>{type}</span>
  </LazyTooltip>
);
