import { splitCommaList } from './conversions.js';

/** A practical email check: one '@', no spaces or commas, a dotted domain with a 2+ letter end. */
const EMAIL = /^[^\s@,]+@[^\s@,]+\.[A-Za-z]{2,}$/;

/** True when the text looks like one email address (trimmed). */
export const isValidEmail = (text: string): boolean => EMAIL.test(text.trim());

/** What is wrong with a comma-separated recipient list, if anything. */
export const EmailListProblem = {
  Invalid: 'invalid',
  Duplicated: 'duplicated',
  Empty: 'empty',
} as const;
export type EmailListProblem = (typeof EmailListProblem)[keyof typeof EmailListProblem];

/**
 * Checks a comma-separated recipient list: every item must be a valid address (an empty item
 * between commas is invalid), no address may appear twice ignoring case, and, when `required`, the
 * list may not be empty. Returns the first problem in that order, or null.
 */
export const emailListProblem = (text: string, required: boolean): EmailListProblem | null => {
  if (text.trim() === '') return required ? EmailListProblem.Empty : null;
  const items = text.split(',').map((s) => s.trim());
  if (!items.every(isValidEmail)) return EmailListProblem.Invalid;
  const lower = items.map((s) => s.toLowerCase());
  return new Set(lower).size === lower.length ? null : EmailListProblem.Duplicated;
};

/** The addresses of a comma-separated list, trimmed. */
export const parseEmailList = (text: string): string[] => splitCommaList(text);
