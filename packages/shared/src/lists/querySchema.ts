import * as yup from 'yup';

/**
 * Fields of a URL query's schema (yup). A parameter is text given once: one given twice (an
 * array) or as an object (`a[b]=c`) is refused with "NAME must be given once"; an empty one counts
 * as absent. Every problem is reported, in the schema's order.
 */

type Params = { path: string; originalValue: unknown };

const givenOnce = (p: Params) => `${p.path} must be given once`;

/** Text, given once. */
export const queryText = () => yup.string().typeError(givenOnce);

/** A whole number written in digits (no sign), from `min` to `max`. */
export const queryInt = (min: number, max: number) => {
  const message = (p: Params) =>
    typeof p.originalValue === 'string'
      ? `${p.path} must be a whole number from ${min} to ${max}`
      : givenOnce(p);
  return yup
    .number()
    .transform((_v: unknown, raw: unknown) =>
      typeof raw === 'string' ? (/^\d{1,9}$/.test(raw) ? Number(raw) : NaN) : raw,
    )
    .typeError(message)
    .min(min, message)
    .max(max, message);
};

/** A screen's 1-based page (default the first) and its size (default `size`, at most `maxSize`). */
export const pagedQueryFields = (size: number, maxSize = 100) => ({
  page: queryInt(1, 1_000_000).default(1),
  size: queryInt(1, maxSize).default(size),
});

/** Validates URL parameters against a query schema: the typed values, or every problem. */
export function parseQuery<S extends yup.AnyObjectSchema>(
  schema: S,
  params: Readonly<Record<string, unknown>>,
): { ok: true; value: yup.InferType<S> } | { ok: false; errors: string[] } {
  const given: Record<string, unknown> = {};
  for (const key of Object.keys(schema.fields)) {
    if (params[key] !== undefined && params[key] !== '') given[key] = params[key];
  }
  try {
    return { ok: true, value: schema.validateSync(given, { abortEarly: false }) };
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    return { ok: false, errors: [...new Set(err.errors)] };
  }
}
