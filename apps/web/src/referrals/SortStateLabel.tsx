import { Box, Chip, IconButton, Tooltip } from '@mui/material';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import type { SyntheticEvent } from 'react';

/** What "Expiring first" means, on the label's tooltip. */
export const EXPIRING_FIRST_TEXT =
  'Available referrals whose claim window is open, soonest expiry first; then every other referral, newest first.';

const stop = (e: SyntheticEvent) => e.stopPropagation();

/**
 * The header's word on an order that is no column's sort: "Expiring first". In force, a filled
 * label in Limited Time's header (which then says aria-sort "other"); else, while the flag offers
 * it, a small hourglass button beside the header that picks it again. Its clicks and keys stay its own: the header cell it
 * sits in sorts by its column.
 */
export const SortStateLabel = (p: { readonly active: boolean; readonly onSelect: () => void }) => (
  <Box component="span" onClick={stop} onKeyDown={stop} sx={{ ml: 0.5 }}>
    <Tooltip title={EXPIRING_FIRST_TEXT} describeChild>
      {p.active ? (
        // No icon: every cell below has the hourglass, and the label fits the column's width.
        <Chip size="small" label="Expiring first" color="primary" sx={{ fontWeight: 600 }} />
      ) : (
        <IconButton size="small" aria-label="Sort expiring first" onClick={p.onSelect}>
          <HourglassBottomIcon fontSize="small" />
        </IconButton>
      )}
    </Tooltip>
  </Box>
);
