import type { Request } from 'express';
import { badRequest, queryList, queryText } from './http.js';

/** Page size when none is asked for (agent-console section 9: polling source default 10). */
export const DEFAULT_PAGE_SIZE = 10;
/** Larger pages are clamped, as Spring Data does, so one call cannot ask for everything twice over. */
export const MAX_PAGE_SIZE = 10_000;

/** One sort key: a server field name and a direction. */
export interface SortKey {
  readonly field: string;
  readonly direction: 'asc' | 'desc';
}

/** Paging and sorting asked for by a request. */
export interface Paging {
  readonly page: number;
  readonly size: number;
  readonly sort: readonly SortKey[];
}

/** A page of items: the agent-console paged shape plus Spring's page number and size. */
export interface Page<T> {
  content: T[];
  totalElements: number;
  numberOfElements: number;
  totalPages: number;
  number: number;
  size: number;
}

function wholeNumber(req: Request, name: string, fallback: number, min: number): number {
  const text = queryText(req, name);
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min) {
    throw badRequest(
      `Query parameter ${name} must be a whole number of at least ${min} (got '${text}').`,
    );
  }
  return Number(text);
}

/**
 * Reads page (0-based), size and sort ('{field},{direction}', repeatable). Fields must be among
 * `fields`; the direction defaults to asc. Without a sort parameter `defaults` apply.
 */
export function parsePaging(
  req: Request,
  fields: ReadonlySet<string>,
  defaults: readonly SortKey[],
): Paging {
  const page = wholeNumber(req, 'page', 0, 0);
  const size = Math.min(wholeNumber(req, 'size', DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const sort = queryList(req, 'sort').map((text): SortKey => {
    const [field = '', dir = 'asc', ...rest] = text.split(',').map((p) => p.trim());
    const direction = dir.toLowerCase();
    if (!fields.has(field) || (direction !== 'asc' && direction !== 'desc') || rest.length > 0) {
      throw badRequest(
        `Unsupported sort '${text}': use {field},{asc|desc} with field one of ${[...fields].join(', ')}.`,
      );
    }
    return { field, direction };
  });
  return { page, size, sort: sort.length > 0 ? sort : defaults };
}

/** Cuts one page out of a full, already sorted list. */
export function pageOf<T>(items: readonly T[], paging: Paging): Page<T> {
  const start = paging.page * paging.size;
  const content = items.slice(start, start + paging.size);
  return {
    content,
    totalElements: items.length,
    numberOfElements: content.length,
    totalPages: Math.ceil(items.length / paging.size),
    number: paging.page,
    size: paging.size,
  };
}
