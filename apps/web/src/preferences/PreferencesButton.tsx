import { useEffect, useId, useState, type ReactNode } from 'react';
import { Box, Divider, IconButton, Popover } from '@mui/material';
import TuneIcon from '@mui/icons-material/Tune';
import { errorToast } from '@referrals/shared';
import { useToast } from '../toasts/useToast';
import { ThemeSettings } from './ThemeSettings';
import { usePreferences } from './usePreferences';

/**
 * The app bar's Preferences button: a panel with the colour scheme and, for agents, the alert
 * switches (passed in, so this folder does not depend on alerts). A failed save shows as a red
 * toast, like every other toast of the console.
 */
export const PreferencesButton = ({ alerts }: { readonly alerts?: ReactNode }) => {
  const { error, dismissError } = usePreferences();
  const toast = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  useEffect(() => {
    if (error === null) return;
    toast(errorToast(error));
    dismissError();
  }, [error, dismissError, toast]);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Preferences"
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? id : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <TuneIcon />
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box id={id} role="dialog" aria-label="Preferences" sx={{ p: 2, width: 300 }}>
          <ThemeSettings />
          {alerts && <Divider sx={{ my: 1.5 }} />}
          {alerts}
        </Box>
      </Popover>
    </>
  );
};
