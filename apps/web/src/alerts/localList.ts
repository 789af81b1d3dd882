/** A list of values shared by the tabs of one browser in localStorage. */
export interface LocalList<T> {
  /** The stored values (absent or unreadable: none). */
  load(): readonly T[];
  save(items: readonly T[]): void;
}

/** The list at `key`, keeping only the stored values `isItem` accepts. */
export const localList = <T>(key: string, isItem: (v: unknown) => v is T): LocalList<T> => ({
  load: () => {
    try {
      const items: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
      return Array.isArray(items) ? items.filter(isItem) : [];
    } catch {
      return [];
    }
  },
  save: (items) => {
    try {
      localStorage.setItem(key, JSON.stringify(items));
    } catch {
      // Storage full or blocked: each tab still remembers its own.
    }
  },
});

/**
 * The alert keys one kind of alert has given a user in this browser (`rc.<kind>.<user>.alerted`),
 * so each is given once whichever tab gives it.
 */
export const alertedKeys = (kind: string, username: string): LocalList<string> =>
  localList(`rc.${kind}.${username}.alerted`, (k): k is string => typeof k === 'string');
