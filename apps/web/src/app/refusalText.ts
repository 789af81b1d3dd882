import { isApiError } from '../api/ApiError';

/**
 * Why the relay refused a call, in words a person can act on. Its 400s and 409s already say what
 * is wrong (each field's problem, or who changed it first); a 413 or 415 is the console's fault,
 * not the user's, and says so; anything else is never shown as an exception's own text.
 */
export const refusalText = (err: unknown): string => {
  if (!isApiError(err)) return 'Something went wrong. Please try again.';
  if (err.status === 413) return 'What you sent is too large to save.';
  if (err.status === 415)
    return 'The server could not read what the console sent. Reload the page and try again.';
  return err.error;
};
