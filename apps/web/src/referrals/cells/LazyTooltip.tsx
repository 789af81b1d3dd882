import {
  cloneElement,
  useEffect,
  useId,
  useState,
  type FocusEvent,
  type MouseEvent as ReactMouseEvent,
  type ReactElement,
} from 'react';
import { Tooltip, type TooltipProps } from '@mui/material';

/** The attribute that finds the child again once the Tooltip wraps it. */
const MARK = 'data-lazy-tooltip';

type Child = ReactElement<{
  [MARK]?: string;
  onMouseOver?: (e: ReactMouseEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
  'aria-label'?: string;
}>;

/** What mounted the Tooltip: a hover, or the focus of the child (or of an element inside it). */
interface Arming {
  /** The focused element's place under the child, as child indexes from it; null on a hover. */
  readonly focus: readonly number[] | null;
}

const pathFrom = (root: Element, target: Element): number[] => {
  const path: number[] = [];
  for (let n: Element | null = target; n && n !== root; n = n.parentElement) {
    const parent: Element | null = n.parentElement;
    if (!parent) return [];
    path.unshift(Array.prototype.indexOf.call(parent.children, n));
  }
  return path;
};

const descendantAt = (root: HTMLElement, path: readonly number[]): HTMLElement | null =>
  path.reduce<Element | null>((n, i) => n?.children[i] ?? null, root) as HTMLElement | null;

/**
 * MUI's Tooltip, mounted when the pointer or the focus first reaches its child. A table cell holds
 * one per row, and each Tooltip sets its own state once mounted: a page of them costs a phone a
 * long task right after the page is hydrated, for tooltips most visitors never open. Until then
 * the child carries the accessible name the Tooltip would give it (a string title names the
 * child unless `describeChild`), and the first hover or focus is handed on to the Tooltip, which
 * opens after its usual delay (the focus stays where it was).
 */
export const LazyTooltip = ({ children, ...props }: TooltipProps & { children: Child }) => {
  const [armedBy, setArmedBy] = useState<Arming | null>(null);
  // The child is found by an id of its own: a ref would be handed to it during render.
  const id = useId();
  useEffect(() => {
    const el = document.querySelector<HTMLElement>(`[${MARK}="${CSS.escape(id)}"]`);
    if (!armedBy || !el) return;
    // The Tooltip wraps the child, so React built its elements anew: the focus goes back to
    // where it was, and the Tooltip hears the hover that came before it was there.
    if (armedBy.focus) return void descendantAt(el, armedBy.focus)?.focus();
    el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
  }, [armedBy, id]);
  if (armedBy) {
    return <Tooltip {...props}>{cloneElement(children, { [MARK]: id })}</Tooltip>;
  }
  const named = !props.describeChild && typeof props.title === 'string';
  return cloneElement(children, {
    [MARK]: id,
    ...(named ? { 'aria-label': props.title as string } : {}),
    onMouseOver: (e: ReactMouseEvent<HTMLElement>) => {
      children.props.onMouseOver?.(e);
      setArmedBy({ focus: null });
    },
    onFocus: (e: FocusEvent<HTMLElement>) => {
      children.props.onFocus?.(e);
      setArmedBy({ focus: pathFrom(e.currentTarget, e.target) });
    },
  });
};
