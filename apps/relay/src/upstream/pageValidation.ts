import * as yup from 'yup';
import { UpstreamError } from './http.js';

/** Records validated between two yields to the event loop. */
const SLICE = 25;

const envelope = yup.object({
  content: yup.array().defined(),
  totalElements: yup.number().integer().min(0).required(),
  numberOfElements: yup.number().integer().min(0).required(),
  totalPages: yup.number().integer().min(0).optional(),
});

/** A validated page of upstream records. */
export interface ValidPage<T> {
  content: T[];
  totalElements: number;
  numberOfElements: number;
  totalPages?: number;
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Validates a page of records a slice at a time, yielding between slices. yup takes about 0.3 ms
 * per referral, so a page of 1,000 validated in one go held the event loop for 300-500 ms on
 * every poll: every socket of the instance waited that long. Sliced, no wait exceeds a few ms.
 */
export async function validatePage<T extends yup.AnyObject>(
  json: unknown,
  item: yup.ObjectSchema<T>,
  what: string,
): Promise<ValidPage<T>> {
  try {
    const page = envelope.validateSync(json, { stripUnknown: true, abortEarly: true });
    const content: T[] = [];
    for (let i = 0; i < page.content.length; i += SLICE) {
      if (i > 0) await yieldToLoop();
      for (const record of page.content.slice(i, i + SLICE))
        content.push(item.validateSync(record, { stripUnknown: true, abortEarly: true }) as T);
    }
    return { ...page, content };
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    throw new UpstreamError('invalid', `invalid answer from ${what}: ${String(err)}`);
  }
}
