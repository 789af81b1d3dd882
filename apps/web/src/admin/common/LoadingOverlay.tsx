import { Box, CircularProgress } from '@mui/material';

/** A spinner over its (relatively positioned) parent while loading or saving. */
export const LoadingOverlay = ({
  show,
  label = 'Loading',
}: {
  readonly show: boolean;
  readonly label?: string;
}) =>
  show ? (
    <Box
      role="status"
      aria-label={label}
      sx={{
        position: 'absolute',
        inset: 0,
        zIndex: 2,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'rgba(255,255,255,0.6)',
      }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  ) : null;
