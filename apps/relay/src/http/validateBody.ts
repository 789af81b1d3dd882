import * as yup from 'yup';
import { fail, type ApiResponse } from './api.js';

/** A field message as a sentence: a capital first letter and a final full stop. */
export const asSentence = (message: string): string => {
  const t = message.trim();
  const capital = t.charAt(0).toUpperCase() + t.slice(1);
  return t === '' || /[.!?]$/.test(t) ? capital : `${capital}.`;
};

/**
 * A refused body: the reason is the problems themselves, in words a person can act on ("Note
 * must be at most 2,000 characters."), and `details` lists them one by one, for a form to show.
 */
export const refusedBody = (problems: readonly string[]): ApiResponse => {
  const details = [...new Set(problems.map(asSentence))];
  return fail(400, details.join(' '), details);
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
