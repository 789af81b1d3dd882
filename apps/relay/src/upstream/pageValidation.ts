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
 * What one poll cycle learnt about records, handed to the next: a record whose raw JSON is the
 * same as last cycle's is not validated again (the validated copy is reused). Almost every
 * referral is unchanged between two polls, and yup was most of the relay's CPU time per poll.
 */
export class ValidationMemo<T> {
  private previous = new Map<string, { raw: string; valid: T }>();
  private next = new Map<string, { raw: string; valid: T }>();

  constructor(private readonly keyOf: (record: Record<string, unknown>) => unknown) {}

  /** Starts a cycle: records not seen in the last one are forgotten. */
  startCycle(): void {
    this.previous = this.next;
    this.next = new Map();
  }

  /**
   * Ends a cycle: what the one before it learnt is let go now rather than at the next start, so
   * only one cycle's records (their raw JSON: ~1 KB each) stay in memory between polls, not two.
   */
  endCycle(): void {
    this.previous = new Map();
  }

  /** Records held (the last cycle's, and the current one's while it runs). */
  get size(): number {
    return this.previous.size + this.next.size;
  }

  /** The validated record, from last cycle when its raw JSON did not change. */
  validate(record: unknown, check: (r: unknown) => T): T {
    const key =
      typeof record === 'object' && record !== null
        ? this.keyOf(record as Record<string, unknown>)
        : undefined;
    if (typeof key !== 'number' && typeof key !== 'string') return check(record);
    const raw = JSON.stringify(record);
    const seen = this.previous.get(String(key)) ?? this.next.get(String(key));
    const valid = seen && seen.raw === raw ? seen.valid : check(record);
    this.next.set(String(key), { raw, valid });
    return valid;
  }
}

/**
 * Validates a page of records a slice at a time, yielding between slices. yup takes about 0.3 ms
 * per referral, so a page of 1,000 validated in one go held the event loop for 300-500 ms on
 * every poll: every socket of the instance waited that long. Sliced, no wait exceeds a few ms.
 */
export async function validatePage<T extends yup.AnyObject>(
  json: unknown,
  item: yup.ObjectSchema<T>,
  what: string,
  memo?: ValidationMemo<T>,
): Promise<ValidPage<T>> {
  try {
    const page = envelope.validateSync(json, { stripUnknown: true, abortEarly: true });
    const content: T[] = [];
    for (let i = 0; i < page.content.length; i += SLICE) {
      if (i > 0) await yieldToLoop();
      for (const record of page.content.slice(i, i + SLICE)) {
        const check = (r: unknown) =>
          item.validateSync(r, { stripUnknown: true, abortEarly: true }) as T;
        content.push(memo ? memo.validate(record, check) : check(record));
      }
    }
    return { ...page, content };
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    throw new UpstreamError('invalid', `invalid answer from ${what}: ${String(err)}`);
  }
}
