import { useEffect } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import { useAtom } from 'jotai';
import { toastsAtom, type ShownToast } from './toasts';

const ToastItem = ({
  toast,
  onClose,
}: {
  readonly toast: ShownToast;
  readonly onClose: () => void;
}) => {
  useEffect(() => {
    const timer = setTimeout(onClose, toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast, onClose]);
  return (
    <Alert
      variant="filled"
      severity={toast.severity}
      role={toast.severity === 'error' ? 'alert' : 'status'}
      action={
        <Button color="inherit" size="small" onClick={onClose}>
          {toast.closeLabel}
        </Button>
      }
      sx={{ boxShadow: 3, alignItems: 'center' }}
    >
      {toast.message}
    </Alert>
  );
};

/**
 * Where the admin screens' toasts show: bottom right, newest last, each red or green, closing itself
 * after its duration (7 s) or on its Close button.
 */
export const ToastHost = () => {
  const [toasts, setToasts] = useAtom(toastsAtom);
  if (toasts.length === 0) return null;
  return (
    <Stack
      spacing={1}
      sx={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        zIndex: (t) => t.zIndex.snackbar,
        maxWidth: 480,
      }}
    >
      {toasts.map((t) => (
        <ToastItem
          key={t.id}
          toast={t}
          onClose={() => setToasts((all) => all.filter((x) => x.id !== t.id))}
        />
      ))}
    </Stack>
  );
};
