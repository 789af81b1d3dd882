import { Box, Typography } from '@mui/material';
import { lastDeliveredCell, type DeliveryStat } from '@referrals/shared';
import { useNow, viewerTimeZone } from '../../../time/clock';
import { cellTextColour, DOT_COLOURS } from './cellColours';

/** Last Delivered: a coloured dot and 'Today' with the time, 'Yesterday', a date, or an error. */
export const LastDelivered = ({ stat }: { readonly stat: DeliveryStat | undefined }) => {
  const cell = lastDeliveredCell(stat, useNow(), viewerTimeZone());
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
