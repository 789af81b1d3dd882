import { LIMITS } from './constants.js';

/** The URL field's error flags, as form validators report them; null means valid. */
export type UrlValidationError = { readonly urlTooLong: true } | { readonly invalidUrl: true };

/** Optional http(s) scheme, dotted host with a 2-63 letter TLD, optional path and query. */
export const URL_PATTERN =
  /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}(?:\/[^\s?#]*)?(?:\?[^\s#]*)?$/i;

/** Validate a URL field (section 5): trimmed; empty is valid; length first, then shape. */
export const validateUrl = (value: string | null | undefined): UrlValidationError | null => {
  const url = (value ?? '').trim();
  if (url === '') return null;
  if (url.length > LIMITS.urlMaxLength) return { urlTooLong: true };
  return URL_PATTERN.test(url) ? null : { invalidUrl: true };
};
