/** The notification permission of this site, or 'unsupported' where the browser has no API. */
export type AlertPermission = NotificationPermission | 'unsupported';

/** The current permission, read fresh (the user may change it in the site settings). */
export const notificationPermission = (): AlertPermission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/** Asks the user to allow notifications (only from a click); answers the outcome. */
export const requestNotificationPermission = async (): Promise<AlertPermission> => {
  if (typeof Notification === 'undefined') return 'unsupported';
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
};

/** Why alerts cannot be turned on, for a permission that is not granted. */
export const PERMISSION_HINTS: Readonly<Record<Exclude<AlertPermission, 'granted'>, string>> = {
  denied:
    'Notifications are blocked for this site. Allow them in your browser’s site settings, then turn alerts on again.',
  default: 'Alerts need permission to show notifications. Turn alerts on and choose Allow.',
  unsupported: 'This browser cannot show notifications.',
};
