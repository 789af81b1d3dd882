import { ROUTES, type NavLink } from '@referrals/shared';

/** Where an item without a screen leads: the not-implemented page, told which item it stands for. */
export const itemHref = (item: NavLink): string =>
  item.path === ROUTES.notImplemented
    ? `/${ROUTES.notImplemented}?item=${encodeURIComponent(item.id)}`
    : `/${item.path}`;

/** Whether an item has no screen yet (it is shown greyed, marked Soon). */
export const isSoon = (item: NavLink): boolean => item.path === ROUTES.notImplemented;

/**
 * Whether an item is the page on screen. The items without a screen share one page, so only the
 * one whose address was followed (its `item`) is current, never all of them at once.
 */
export const isCurrent = (item: NavLink, pathname: string, search: string): boolean => {
  const [path, query = ''] = itemHref(item).split('?');
  if (pathname !== path) return false;
  if (query === '') return true;
  return new URLSearchParams(search).get('item') === new URLSearchParams(query).get('item');
};
