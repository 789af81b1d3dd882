import { forwardRef, type ReactNode } from 'react';
import { Alert, Button } from '@mui/material';
import {
  closeSnackbar,
  SnackbarContent,
  SnackbarProvider,
  type CustomContentProps,
} from 'notistack';
import { TOAST_CLOSE_LABEL } from '@referrals/shared';

/** How many toasts stand stacked at once; older ones make room for newer ones. */
const MAX_STACKED = 5;

/**
 * One toast as MUI's filled Alert (red for failures, green for successes, in the theme's colours
 * that read on white text) with its Close button. Failures are announced at once (alert), successes
 * politely (status).
 */
const ToastContent = forwardRef<HTMLDivElement, CustomContentProps>(function ToastContent(
  { id, message, variant, style, className },
  ref,
) {
  const severity = variant === 'success' ? 'success' : 'error';
  return (
    <SnackbarContent ref={ref} style={style} className={className}>
      <Alert
        variant="filled"
        severity={severity}
        role={severity === 'error' ? 'alert' : 'status'}
        action={
          <Button color="inherit" size="small" onClick={() => closeSnackbar(id)}>
            {TOAST_CLOSE_LABEL}
          </Button>
        }
        sx={{ boxShadow: 3, alignItems: 'center', maxWidth: 480 }}
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});

/**
 * The one place toasts show (notistack): bottom right, stacked, each closing itself after its own
 * duration or on Close. notistack keeps each toast's timer apart from rendering, so screens that
 * re-render (typing, live updates) do not keep a toast up. Sits inside the theme, so toasts take
 * the brand's and the colour mode's palette.
 */
export const ToastProvider = ({ children }: { readonly children: ReactNode }) => (
  <SnackbarProvider
    maxSnack={MAX_STACKED}
    anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    Components={{ error: ToastContent, success: ToastContent }}
  >
    {children}
  </SnackbarProvider>
);
