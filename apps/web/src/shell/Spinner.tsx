import { Box, CircularProgress } from '@mui/material';

/** The loading spinner, announced to screen readers by its label. */
export const Spinner = ({ label = 'Loading' }: { readonly label?: string }) => (
  <Box role="status" aria-label={label} sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
    <CircularProgress aria-label={label} />
  </Box>
);
