import { Typography } from '@mui/material';
import { pauseText, type PauseWindow } from '@referrals/shared';
import { useNow, useViewerTimeZone } from '../time/clock';

/**
 * A marketplace's pause in words under its Enabled switch ('Paused until …'), following the
 * clock on its own so the list around it is not re-rendered each second; nothing once it ended.
 */
export const PauseCaption = ({
  pause,
  enabled,
}: {
  readonly pause: PauseWindow;
  /** Whether the marketplace is on: an administrator may switch it back on during a pause. */
  readonly enabled: boolean;
}) => {
  const text = pauseText(pause, useNow().getTime(), useViewerTimeZone());
  const overruled = enabled && pause.active;
  return text && !overruled ? (
    <Typography
      variant="caption"
      component="p"
      color="text.secondary"
      sx={{ lineHeight: 1.3, whiteSpace: 'normal', maxWidth: 130 }}
    >
      {text}
    </Typography>
  ) : null;
};
