import type { MouseEvent } from 'react';
import { Box, Button, Tooltip } from '@mui/material';
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
import { StatusIcon } from './StatusIcon';

/** What a list's action cell needs to know about the viewer. */
export interface ActionViewer {
  readonly privileged: boolean;
  readonly showPrices: boolean;
}

/**
 * The Status column of a list: the status icon and the action of the shared button model. Every
 * button in a list opens the referral's details panel, where claiming happens; a status button
 * ('opens a modal' in the spec) opens the same panel.
 */
export const ActionCell = ({
  row,
  viewer,
  onOpen,
}: {
  readonly row: ActionOpportunity;
  readonly viewer: ActionViewer;
  readonly onOpen: () => void;
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
  const open = (e: MouseEvent) => {
    e.stopPropagation();
    onOpen();
  };
  const body =
    action.kind === 'claim' || action.kind === 'talkNow' ? (
      <Button
        size="small"
        variant="contained"
        onClick={open}
        startIcon={action.kind === 'talkNow' ? <PhoneIcon /> : undefined}
      >
        {actionText(action)}
      </Button>
    ) : action.kind === 'statusButton' ? (
      <Button size="small" variant="outlined" color="inherit" onClick={open}>
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
    <Tooltip
      title={label}
      enterDelay={TOOLTIP.showDelayMs}
      leaveDelay={TOOLTIP.hideDelayMs}
      placement={TOOLTIP.placement}
    >
      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
        <StatusIcon icon={statusIcon(row.marketplaceStatus)} />
        {body}
        {was && (
          <Box component="s" sx={{ fontSize: 12, color: '#5c6166' }}>
            {was}
          </Box>
        )}
      </Box>
    </Tooltip>
  );
};
