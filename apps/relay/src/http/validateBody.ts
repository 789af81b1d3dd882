/**
 * Validation of request bodies against their schemas.
 * Invariant: a bad body is a 400 whose reason a person can act on; no shape of body makes it a
 * 500 or leaks an exception's text.
 */
import * as yup from 'yup';
import { fail, type ApiResponse } from './api.js';

/** A field message with a capital first letter (the spec's own words are kept as written). */
const capitalised = (message: string): string => {
  const t = message.trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
};

/** A message ending as a sentence does, for joining several into one reason. */
const stopped = (message: string): string => (/[.!?]$/.test(message) ? message : `${message}.`);

/**
 * A refused body: the reason is the problems themselves, in words a person can act on ("Note
 * must be at most 2,000 characters."), and `details` lists them one by one, for a form to show.
 */
export const refusedBody = (problems: readonly string[]): ApiResponse => {
  const details = [...new Set(problems.map(capitalised))];
  return fail(
    400,
    details.length === 1 ? (details[0] ?? '') : details.map(stopped).join(' '),
    details,
  );
};

/**
 * Validates a request body with a schema: the value, or a 400 with every field message. A body
 * that is not a JSON object (not JSON, or sent without `Content-Type: application/json`) is
 * refused before the schema sees it. yup reports some bad shapes not as a ValidationError but by
 * throwing from a cast or transform (`{ "name": {} }` reaches `.trim()` on an object; a body
 * nested thousands deep overflows the stack); those are bad input too, answered with a plain
 * reason, never a 500 and never the exception's own text.
 */
export function validateBody<T>(
  schema: yup.Schema<T>,
  body: unknown,
): { ok: true; value: T } | { ok: false; answer: ApiResponse } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      ok: false,
      answer: refusedBody([
        'The body must be a JSON object, sent with Content-Type: application/json.',
      ]),
    };
  }
  try {
    return {
      ok: true,
      value: schema.validateSync(body, { abortEarly: false, stripUnknown: true }),
    };
  } catch (err) {
    if (err instanceof yup.ValidationError) return { ok: false, answer: refusedBody(err.errors) };
    const reason =
      err instanceof RangeError
        ? 'The body is nested too deeply.'
        : 'A field has a value of the wrong type.';
    return { ok: false, answer: refusedBody([reason]) };
  }
}
