import { isApiError } from '../../api/ApiError';

/** The relay's own text of a failed call, for messages that quote it. */
export const errorText = (err: unknown): string => {
  if (isApiError(err)) return err.error;
  return err instanceof Error ? err.message : String(err);
};
