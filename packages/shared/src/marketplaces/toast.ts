import { ADMIN_UI } from './constants.js';

/** Toast severities: 'error' shows red, 'success' green (the toast host's MUI colours). */
export const ToastSeverity = { Error: 'error', Success: 'success' } as const;
export type ToastSeverity = (typeof ToastSeverity)[keyof typeof ToastSeverity];

/** Label of the button every toast carries. */
export const TOAST_CLOSE_LABEL = 'Close';

/** One toast: message, severity, 7 seconds, a Close button. */
export interface Toast {
  readonly message: string;
  readonly severity: ToastSeverity;
  readonly durationMs: typeof ADMIN_UI.toastDurationMs;
  readonly closeLabel: typeof TOAST_CLOSE_LABEL;
}

/**
 * A toast. Section 8 gives every toast a Close button "unless marked green", but also lists a green
 * one "with a Close button"; every toast here carries it, which is the reading that loses nothing.
 */
export const toast = (severity: ToastSeverity, message: string): Toast => ({
  message,
  severity,
  durationMs: ADMIN_UI.toastDurationMs,
  closeLabel: TOAST_CLOSE_LABEL,
});

/** A red toast. */
export const errorToast = (message: string): Toast => toast(ToastSeverity.Error, message);
/** A green toast. */
export const successToast = (message: string): Toast => toast(ToastSeverity.Success, message);
