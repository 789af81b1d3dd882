import { useState } from 'react';
import { Alert, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { usePreferences } from '../preferences/usePreferences';
import {
  notificationPermission,
  PERMISSION_HINTS,
  requestNotificationPermission,
} from './permission';

/**
 * The agent's alert switches: "Alert me of new referrals" (asks the browser's permission when
 * turned on, and explains a refusal) and "Play a sound".
 */
export const AlertSettings = () => {
  const { preferences, save } = usePreferences();
  const [hint, setHint] = useState<string | null>(null);
  const { alerts } = preferences;
  const permission = notificationPermission();
  // Saved on but not allowed in this browser (another browser granted it): say so.
  const blockedHere =
    alerts.enabled && permission !== 'granted' ? PERMISSION_HINTS[permission] : null;

  const toggleAlerts = async (on: boolean) => {
    setHint(null);
    if (!on) return save({ ...preferences, alerts: { ...alerts, enabled: false } });
    const answer = await requestNotificationPermission();
    if (answer !== 'granted') return setHint(PERMISSION_HINTS[answer]);
    save({ ...preferences, alerts: { ...alerts, enabled: true } });
  };

  return (
    <Stack>
      <Typography variant="subtitle2" component="h3">
        Alerts
      </Typography>
      <FormControlLabel
        control={
          <Switch checked={alerts.enabled} onChange={(e) => void toggleAlerts(e.target.checked)} />
        }
        label="Alert me of new referrals"
      />
      <FormControlLabel
        control={
          <Switch
            checked={alerts.sound}
            onChange={(e) =>
              save({ ...preferences, alerts: { ...alerts, sound: e.target.checked } })
            }
          />
        }
        label="Play a sound"
      />
      {(hint ?? blockedHere) && (
        <Alert severity="warning" role="alert" sx={{ mt: 1 }}>
          {hint ?? blockedHere}
        </Alert>
      )}
    </Stack>
  );
};
