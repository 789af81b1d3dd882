import { Box, Typography } from '@mui/material';
import { loadingText, useLoadProgress } from '../live/useLiveStatus';
import { EMPTY_TEXT } from './gridColumns';

/**
 * What a referral table shows with no rows. An empty grid has no row for its role to hold (axe:
 * aria-required-children), so the table is replaced by a labelled status that says so. While the
 * relay is still loading the market, it says how far the load has got instead: the list may be
 * empty only because its referrals have not arrived yet.
 */
export const EmptyList = ({ label }: { readonly label: string }) => {
  const progress = useLoadProgress();
  return (
    <Box role="status" aria-label={label} sx={{ width: '100%', bgcolor: 'background.paper', p: 4 }}>
      <Typography color="text.secondary" align="center">
        {progress ? loadingText(progress) : EMPTY_TEXT}
      </Typography>
    </Box>
  );
};
