import { useCallback, useState } from 'react';
import { byExpirationFirst, type Sort } from '@referrals/shared';

/** The admin referral list's order under the expiration flag, and what its header shows of it. */
export interface ExpiringFirst {
  /** The order in force: "Expiring first" until the user sorts by a column. */
  readonly sort: Sort | null;
  /** A header click: that column's sort replaces "Expiring first". */
  readonly onSort: (sort: Sort | null) => void;
  /** The header's label (absent while the flag is off): in force, or a click that picks it again. */
  readonly label: { readonly active: boolean; readonly onSelect: () => void } | undefined;
}

/**
 * "Expiring first" (shared `byExpirationFirst`), the relay's default for the admin list while the
 * flag is on, is a sort state of its own: it holds until the user sorts by a column, whose sort
 * then replaces it (clicking Received gives Received), and the header's label picks it again with
 * the list's default sort after its lead. Held apart from the list's sort, so a flag read after
 * the list opened still gives "Expiring first".
 */
export function useExpiringFirst(
  on: boolean,
  sort: Sort | null,
  defaultSort: Sort | null,
  setSort: (sort: Sort | null) => void,
): ExpiringFirst {
  const [columnChosen, setColumnChosen] = useState(false);
  const active = on && !columnChosen;
  const onSort = useCallback(
    (next: Sort | null) => {
      setColumnChosen(true);
      setSort(next);
    },
    [setSort],
  );
  const onSelect = useCallback(() => {
    setColumnChosen(false);
    setSort(defaultSort);
  }, [defaultSort, setSort]);
  return {
    sort: active ? byExpirationFirst(sort) : sort,
    onSort,
    label: on ? { active, onSelect } : undefined,
  };
}
