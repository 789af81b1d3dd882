/**
 * The form's fields mark their outer element with data-field (their name, or the path of a rule
 * no single field holds), so a listed problem can bring its field into view and focus it, whatever
 * kind of control it is.
 */

/** The field a schema error path is about: 'rows[2].start' is about 'rows'. */
export const fieldOf = (path: string): string => path.split(/[.[]/)[0] ?? path;

/** The outer element of a field, when it is on the page. */
export const fieldElement = (field: string): HTMLElement | null =>
  field === '' ? null : document.querySelector<HTMLElement>(`[data-field="${field}"]`);

/** What a person can type in or tick inside a field (MUI's hidden helpers excluded). */
const ENTRY = [
  'input:not([disabled]):not([type="hidden"]):not([aria-hidden="true"]):not([tabindex="-1"])',
  'textarea:not([disabled]):not([aria-hidden="true"])',
  '[role="combobox"]:not([aria-disabled="true"])',
].join(', ');

/** Scrolls a field to the middle of the screen and puts the focus in it; true when found. */
export const focusField = (field: string): boolean => {
  const root = fieldElement(field);
  if (!root) return false;
  root.scrollIntoView({ block: 'center' });
  (root.querySelector<HTMLElement>(ENTRY) ?? root).focus({ preventScroll: true });
  return true;
};
