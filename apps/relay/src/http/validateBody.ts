import * as yup from 'yup';
import { fail, type ApiResponse } from './api.js';

/**
 * Validates a request body with a schema: the value, or a 400 with every field message. yup
 * reports some bad shapes not as a ValidationError but by throwing from a cast or transform
 * (`{ "name": {} }` reaches `.trim()` on an object); those are bad input too, never a 500.
 */
export function validateBody<T>(
  schema: yup.Schema<T>,
  body: unknown,
): { ok: true; value: T } | { ok: false; answer: ApiResponse } {
  try {
    return {
      ok: true,
      value: schema.validateSync(body, { abortEarly: false, stripUnknown: true }),
    };
  } catch (err) {
    if (err instanceof yup.ValidationError)
      return { ok: false, answer: fail(400, 'invalid body', err.errors) };
    const reason = err instanceof Error ? err.message : String(err);
    return { ok: false, answer: fail(400, 'invalid body', [reason]) };
  }
}
