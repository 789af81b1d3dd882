import { DateFilter } from './constants.js';

/** Dropdown label of each date filter. */
export const DATE_FILTER_LABELS: Readonly<Record<DateFilter, string>> = {
  '24hours': 'Last 24 Hours',
  '48hours': 'Last 48 Hours',
  '72hours': 'Last 72 Hours',
  '7days': 'Last 7 Days',
  '30days': 'Last 30 Days',
};

const HOUR_MS = 3_600_000;

/**
 * Span of each filter as elapsed time. Days are 24-hour spans, not calendar days, so a filter
 * means the same thing on either side of a daylight-saving change.
 */
export const DATE_FILTER_SPAN_MS: Readonly<Record<DateFilter, number>> = {
  '24hours': 24 * HOUR_MS,
  '48hours': 48 * HOUR_MS,
  '72hours': 72 * HOUR_MS,
  '7days': 7 * 24 * HOUR_MS,
  '30days': 30 * 24 * HOUR_MS,
};

/** True when the text names one of the five date filters. */
export const isDateFilter = (value: string): value is DateFilter =>
  Object.values<string>(DateFilter).includes(value);
