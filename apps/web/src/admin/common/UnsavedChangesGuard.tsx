import { useEffect } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useBlocker } from 'react-router';
import { UNSAVED_CHANGES_DIALOG as D } from '@referrals/shared';

/**
 * The unsaved-changes guard of section 4: while `when` holds, leaving the route asks first in a
 * dialog that neither an outside click nor Escape closes, and closing the tab asks the browser's own
 * question. Only navigation to another path is blocked (a search-only change stays on the page).
 */
export const UnsavedChangesGuard = ({ when }: { readonly when: boolean }) => {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return undefined;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers need a returnValue to show the prompt.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  // Changes saved or discarded while the dialog was open: let the navigation through.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed();
  }, [blocker, when]);

  const open = blocker.state === 'blocked';
  return (
    <Dialog
      open={open}
      // Neither the backdrop nor Escape may close it: only the two buttons decide.
      onClose={() => undefined}
      aria-labelledby="unsaved-changes-title"
      aria-describedby="unsaved-changes-message"
      slotProps={{ paper: { sx: { width: D.widthPx, maxWidth: D.widthPx } } }}
    >
      <DialogTitle id="unsaved-changes-title">{D.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="unsaved-changes-message">{D.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          {D.discardLabel}
        </Button>
        <Button variant="contained" onClick={() => blocker.reset?.()}>
          {D.continueLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
