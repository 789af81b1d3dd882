import { Box } from '@mui/material';
import { PROGRESS_STATUS_DISPLAY, type ProgressStatus } from '@referrals/shared';
import { StatusIcon } from '../referrals/cells/StatusIcon';

/** A progress status as the spec shows it: its icon (none for Unable to Service) and label. */
export const ProgressLabel = ({ status }: { readonly status: ProgressStatus }) => {
  const d = PROGRESS_STATUS_DISPLAY[status];
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
      {d.icon && <StatusIcon icon={d.icon} />}
      {d.label}
    </Box>
  );
};
