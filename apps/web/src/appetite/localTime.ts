/** Instants as a `datetime-local` field holds them: the viewer's own clock, to the minute. */

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value in the viewer's zone. */
export const toLocalInput = (d: Date): string =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** A `datetime-local` value (the viewer's zone) as an ISO instant; null when blank or invalid. */
export const fromLocalInput = (value: string): string | null => {
  if (value === '') return null;
  const t = new Date(value).getTime();
  return Number.isNaN(t) ? null : new Date(t).toISOString();
};
