import { useCallback } from 'react';
import { useSnackbar } from 'notistack';
import type { Toast } from '@referrals/shared';

/**
 * Shows a toast of the spec's catalogue (built by the shared LIST_TOASTS, FORM_TOASTS, ...) in the
 * ToastProvider: its colour by severity, its own duration (7 s). A toast outlives the screen that
 * raised it (the creation toast shows on the list the form navigates to).
 */
export const useToast = (): ((toast: Toast) => void) => {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    (toast: Toast) => {
      enqueueSnackbar(toast.message, {
        variant: toast.severity,
        autoHideDuration: toast.durationMs,
      });
    },
    [enqueueSnackbar],
  );
};
