/** One field that differs between an entry's before and after; undefined where it was absent. */
export interface FieldChange {
  /** Where the field sits, e.g. 'enabled', 'states[2]', 'schedule.days' ('' for a plain value). */
  readonly path: string;
  readonly before: string | undefined;
  readonly after: string | undefined;
}

const isBranch = (v: unknown): v is object =>
  typeof v === 'object' && v !== null && Object.keys(v).length > 0;

/** Every leaf of a value by path, as JSON text; null or absent is no field at all. */
const leaves = (value: unknown, path = '', out = new Map<string, string>()) => {
  if (isBranch(value)) {
    for (const [k, v] of Object.entries(value))
      leaves(v, Array.isArray(value) ? `${path}[${k}]` : path ? `${path}.${k}` : k, out);
  } else if (path !== '' || (value !== null && value !== undefined)) {
    out.set(path, JSON.stringify(value) ?? 'undefined');
  }
  return out;
};

/**
 * The fields a write changed, in the order they appear (before's first, then those it added), so an
 * admin reads 'enabled: false → true' instead of comparing two JSON documents.
 */
export const auditDiff = (before: unknown, after: unknown): FieldChange[] => {
  const b = leaves(before);
  const a = leaves(after);
  const paths = [...new Set([...b.keys(), ...a.keys()])];
  return paths
    .filter((p) => b.get(p) !== a.get(p))
    .map((path) => ({ path, before: b.get(path), after: a.get(path) }));
};
