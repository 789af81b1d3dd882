/**
 * One page of a database list with its total. Invariant: the page and the total come from the
 * same filtered query, read together.
 */
import { reach } from './database.js';

/** One 1-based page of a list and its total, newest first as the caller orders it. */
export interface DbPage<T> {
  readonly page: number;
  readonly size: number;
  readonly totalElements: number;
  readonly totalPages: number;
  readonly content: readonly T[];
}

/** Reads a page and the total of the same filtered query together (an unreachable database: 503). */
export async function pageOf<R, T>(
  q: { readonly page: number; readonly size: number },
  count: () => Promise<{ n: string | number | bigint }>,
  rows: (limit: number, offset: number) => Promise<R[]>,
  map: (row: R) => T,
): Promise<DbPage<T>> {
  const [total, page] = await reach(() =>
    Promise.all([count(), rows(q.size, (q.page - 1) * q.size)]),
  );
  const totalElements = Number(total.n);
  return {
    page: q.page,
    size: q.size,
    totalElements,
    totalPages: Math.ceil(totalElements / q.size),
    content: page.map(map),
  };
}
