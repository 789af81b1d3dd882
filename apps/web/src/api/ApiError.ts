/** A failed relay call: the HTTP status with the relay's `{ error, details }` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly error: string;
  readonly details: readonly string[];

  constructor(status: number, error: string, details: readonly string[] = []) {
    super(`${status}: ${error}`);
    this.name = 'ApiError';
    this.status = status;
    this.error = error;
    this.details = details;
  }
}

/** True when the value is an ApiError, optionally with the given status. */
export const isApiError = (value: unknown, status?: number): value is ApiError =>
  value instanceof ApiError && (status === undefined || value.status === status);
