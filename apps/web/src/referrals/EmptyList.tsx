import { Box, Typography } from '@mui/material';
import { EMPTY_TEXT } from './gridColumns';

/**
 * What a referral table shows with no rows. An empty grid has no row for its role to hold (axe:
 * aria-required-children), so the table is replaced by a labelled status that says so.
 */
export const EmptyList = ({ label }: { readonly label: string }) => (
  <Box role="status" aria-label={label} sx={{ width: '100%', bgcolor: 'background.paper', p: 4 }}>
    <Typography color="text.secondary" align="center">
      {EMPTY_TEXT}
    </Typography>
  </Box>
);
