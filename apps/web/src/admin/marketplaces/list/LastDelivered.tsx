import { Box, Typography } from '@mui/material';
import { lastDeliveredCell, type DeliveryStat } from '@referrals/shared';
import { useNow, VIEWER_TIME_ZONE } from '../../../time/clock';
import { cellTextColour, DOT_COLOURS } from './cellColours';

/** Last Delivered: a coloured dot and 'Today' with the time, 'Yesterday', a date, or an error. */
export const LastDelivered = ({ stat }: { readonly stat: DeliveryStat | undefined }) => {
  const cell = lastDeliveredCell(stat, useNow(), VIEWER_TIME_ZONE);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
      <Box
        aria-hidden
        sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: DOT_COLOURS[cell.colour] }}
      />
      <Typography variant="body2" sx={{ color: cellTextColour(cell.colour) }}>
        {cell.text}
        {cell.time ? ` ${cell.time}` : ''}
      </Typography>
    </Box>
  );
};
