import { ADMIN_UI } from './constants.js';

/** Text of an empty delivery-errors table. */
export const NO_DELIVERY_ERRORS_TEXT = 'No delivery errors found';

/** What the delivery-errors pager shows for a page (1-based) of a paged answer. */
export interface DeliveryErrorsPager {
  readonly pageText: string;
  readonly summaryText: string;
  readonly previousDisabled: boolean;
  readonly nextDisabled: boolean;
}

/**
 * 'Page X of Y', 'Showing A to B of N results' (or 'No results found'), Previous disabled on page 1,
 * Next disabled on the last page. With no results the pager reads 'Page 1 of 1' and both buttons
 * are disabled (the spec gives no text for zero pages).
 */
export function deliveryErrorsPager(
  page: number,
  totalElements: number,
  totalPages: number,
  pageSize: number = ADMIN_UI.deliveryErrorsPageSize,
): DeliveryErrorsPager {
  const pages = Math.max(totalPages, 1);
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, totalElements);
  return {
    pageText: `Page ${page} of ${pages}`,
    summaryText:
      totalElements === 0
        ? 'No results found'
        : `Showing ${from} to ${to} of ${totalElements} results`,
    previousDisabled: page <= ADMIN_UI.firstPage,
    nextDisabled: page >= pages,
  };
}
