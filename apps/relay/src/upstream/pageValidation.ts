/**
 * The validation of upstream pages: the envelope at once, the records in slices. Invariant: no
 * validation holds the event loop past a slice, and unknown fields are dropped.
 */
import * as yup from 'yup';
import { pageEnvelopeSchema } from '@referrals/shared';
import { yieldIfDue } from '../lib/slices.js';
import { recordValidator } from './compiledSchema.js';
import { UpstreamError } from './http.js';

/** A page of upstream records whose envelope is checked and whose records are not yet. */
export interface RawPage {
  content: unknown[];
  totalElements: number;
  numberOfElements: number;
  totalPages?: number;
}

/** Checks the envelope of a page (content, totals) and leaves its records as they came. */
export function rawPage(json: unknown, what: string): RawPage {
  try {
    return pageEnvelopeSchema.validateSync(json, { stripUnknown: true, abortEarly: true });
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    throw new UpstreamError('invalid', `invalid answer from ${what}: ${String(err)}`);
  }
}

/**
 * Compiles the validators of these record schemas now. Compiled on the first answer instead, they
 * would hold the event loop for several slices' time in the middle of a relay's first load; the
 * relay compiles them while it starts, before it listens.
 */
export function prepareValidators(...schemas: yup.ObjectSchema<yup.AnyObject>[]): void {
  for (const schema of schemas) recordValidator(schema);
}

/**
 * Validates records in slices, giving the event loop a turn whenever a slice has run its time.
 * Records go through the schema's compiled fast path (`recordValidator`): yup alone takes about
 * 0.12 ms per referral, so a page of 10,000 would hold the event loop for over a second. Unknown
 * fields are dropped.
 */
export async function validateRecords<T extends yup.AnyObject>(
  records: readonly unknown[],
  item: yup.ObjectSchema<T>,
  what: string,
): Promise<T[]> {
  const out: T[] = [];
  const validate = recordValidator(item);
  let since = performance.now();
  try {
    for (let i = 0; i < records.length; i += 1) {
      out.push(validate(records[i]));
      if ((i & 63) === 63) since = await yieldIfDue(since);
    }
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    throw new UpstreamError('invalid', `invalid answer from ${what}: ${String(err)}`);
  }
  return out;
}
