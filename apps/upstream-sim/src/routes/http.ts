import type { ErrorRequestHandler, Request, Response } from 'express';
import { ValidationError, type Schema } from 'yup';
import type { Logger } from '../log.js';

/** An error with the HTTP answer it should produce. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: readonly string[] = [],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * The error body of every failed call. `error` carries the reason text: the feature-flag screen
 * shows it in its toast (marketplace-admin section 7: "read from an error field").
 */
export interface ErrorBody {
  readonly status: number;
  readonly error: string;
  readonly path: string;
  readonly details?: readonly string[];
}

/** Sends an error body. */
export function sendError(
  res: Response,
  req: Request,
  status: number,
  error: string,
  details: readonly string[] = [],
): void {
  const body: ErrorBody = {
    status,
    error,
    path: req.path,
    ...(details.length > 0 ? { details } : {}),
  };
  res.status(status).json(body);
}

/** Thrown for a missing record. */
export const notFound = (what: string): HttpError => new HttpError(404, `${what} not found.`);

/** Thrown for a bad request. */
export const badRequest = (reason: string, details: readonly string[] = []): HttpError =>
  new HttpError(400, reason, details);

/** One query parameter as text; a repeated parameter counts by its first value. */
export function queryText(req: Request, name: string): string | undefined {
  const value: unknown = (req.query as Record<string, unknown>)[name];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() !== '' ? first.trim() : undefined;
}

/** Every value of a repeatable query parameter. */
export function queryList(req: Request, name: string): string[] {
  const value: unknown = (req.query as Record<string, unknown>)[name];
  const list: unknown[] = Array.isArray(value) ? value : [value];
  return list
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => v.trim());
}

/** A path parameter as a positive whole-number id; anything else names no record, hence 404. */
export function idParam(req: Request, name: string, what: string): number {
  const value: unknown = req.params[name];
  const text = typeof value === 'string' ? value : '';
  const id = Number(text);
  if (!/^\d{1,15}$/.test(text) || id <= 0) throw notFound(`${what} ${text}`);
  return id;
}

/**
 * Validates a body with a shared yup schema: every problem is listed, unknown keys are dropped
 * and missing optional fields take the schema's defaults (yup's ordinary, non-strict casting).
 */
export function validateBody<T>(schema: Schema<T>, body: unknown, what: string): T {
  if (body === undefined || body === null || typeof body !== 'object') {
    throw badRequest(`${what}: a JSON body is required.`);
  }
  try {
    return schema.validateSync(body, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (error instanceof ValidationError)
      throw badRequest(`${what}: ${error.errors[0] ?? 'invalid body'}`, error.errors);
    throw error;
  }
}

/** Maps thrown errors to answers: HttpError as given, bad JSON as 400, the rest as 500. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof HttpError) {
      sendError(res, req, error.status, error.message, error.details);
      return;
    }
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      sendError(res, req, status, error instanceof Error ? error.message : 'Bad request.');
      return;
    }
    logger.error({ err: error, path: req.path }, 'request failed');
    sendError(res, req, 500, 'Internal error.');
  };
}
