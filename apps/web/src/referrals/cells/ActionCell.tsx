import type { MouseEvent } from 'react';
import { Box, Button } from '@mui/material';
import PhoneIcon from '@mui/icons-material/Phone';
import { useTheme } from '@mui/material/styles';
import {
  actionText,
  referralAction,
  statusHighlight,
  statusIcon,
  statusLabel,
  TOOLTIP,
  wasPriceText,
  type ActionOpportunity,
} from '@referrals/shared';
import { tokenColour } from '../../theme/theme';
import { LazyTooltip } from './LazyTooltip';
import { StatusIcon } from './StatusIcon';

/** What a list's action cell needs to know about the viewer. */
export interface ActionViewer {
  readonly privileged: boolean;
  readonly showPrices: boolean;
  /** In a card: the action is one full-width line. */
  readonly mobile?: boolean;
}

/**
 * The Status column of a list: the status icon and the action of the shared button model. Claim
 * Now and Talk Now open the referral's details panel, where claiming (with its confirmation)
 * happens; a status button opens the status modal ('in lists it opens a modal').
 */
export const ActionCell = ({
  row,
  viewer,
  onOpen,
  onStatus,
}: {
  readonly row: ActionOpportunity;
  readonly viewer: ActionViewer;
  /** Opens the details panel of the row. */
  readonly onOpen: () => void;
  /** Opens the status modal of the row. */
  readonly onStatus: () => void;
}) => {
  const theme = useTheme();
  const action = referralAction({
    opportunity: row,
    privileged: viewer.privileged,
    context: 'list',
    showPrices: viewer.showPrices,
    now: new Date(),
  });
  const was = wasPriceText(action);
  const label = statusLabel(row.marketplaceStatus);
  // The row's own click would open the panel as well: a button's click stops here.
  const only = (then: () => void) => (e: MouseEvent) => {
    e.stopPropagation();
    then();
  };
  const body =
    action.kind === 'claim' || action.kind === 'talkNow' ? (
      <Button
        size="small"
        variant="contained"
        fullWidth={viewer.mobile}
        onClick={only(onOpen)}
        startIcon={action.kind === 'talkNow' ? <PhoneIcon /> : undefined}
      >
        {actionText(action)}
      </Button>
    ) : action.kind === 'statusButton' ? (
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        fullWidth={viewer.mobile}
        aria-haspopup="dialog"
        onClick={only(action.behaviour === 'openModal' ? onStatus : onOpen)}
      >
        {actionText(action)}
      </Button>
    ) : (
      <Box
        component="span"
        sx={{ color: tokenColour(theme, statusHighlight(row.marketplaceStatus)) }}
      >
        {action.kind === 'none' ? label : actionText(action)}
      </Box>
    );
  return (
    <LazyTooltip
      title={label}
      enterDelay={TOOLTIP.showDelayMs}
      leaveDelay={TOOLTIP.hideDelayMs}
      placement={TOOLTIP.placement}
    >
      <Box
        sx={{
          display: viewer.mobile ? 'flex' : 'inline-flex',
          alignItems: 'center',
          gap: 0.75,
          '& .MuiButton-root': { whiteSpace: 'nowrap' },
        }}
      >
        <StatusIcon icon={statusIcon(row.marketplaceStatus)} />
        {body}
        {was && (
          <Box component="s" sx={{ fontSize: 12, color: (t) => tokenColour(t, 'grey') }}>
            {was}
          </Box>
        )}
      </Box>
    </LazyTooltip>
  );
};
