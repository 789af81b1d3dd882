import {
  cloneElement,
  useEffect,
  useState,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Tooltip, type TooltipProps } from '@mui/material';

type Child = ReactElement<{
  onMouseEnter?: (e: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (e: MouseEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
  onBlur?: (e: FocusEvent<HTMLElement>) => void;
  'aria-label'?: string;
}>;

/**
 * A tooltip for a table cell, MUI's Tooltip mounted only once the pointer or the keyboard's focus
 * reaches its child. A page holds one per row and column, and each mounted Tooltip renders again
 * at once in the commit that mounts it: on a phone, a long task right after hydration, for
 * tooltips most visitors never open.
 *
 * The child is never wrapped, so reaching it changes nothing under the pointer (a click on its way
 * still lands): the Tooltip is mounted beside it, anchored to it, and opened and closed from here
 * after `enterDelay` and `leaveDelay`. A string title names the child (`aria-label`) unless
 * `describeChild`, as MUI's Tooltip does; Escape closes it.
 */
export const LazyTooltip = ({
  children,
  title,
  enterDelay = 100,
  leaveDelay = 0,
  placement,
  describeChild = false,
}: Pick<TooltipProps, 'enterDelay' | 'leaveDelay' | 'placement' | 'describeChild'> & {
  readonly title: ReactNode;
  readonly children: Child;
}) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Whether the pointer or the focus is on the child; the tooltip follows after its delay.
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (wanted === open) return undefined;
    const id = setTimeout(() => setOpen(wanted), wanted ? enterDelay : leaveDelay);
    return () => clearTimeout(id);
  }, [wanted, open, enterDelay, leaveDelay]);
  const show = (el: HTMLElement) => {
    setAnchor(el);
    setWanted(true);
  };
  const hide = () => setWanted(false);
  const { props } = children;
  const named = !describeChild && typeof title === 'string';
  return (
    <>
      {cloneElement(children, {
        ...(named ? { 'aria-label': title } : {}),
        onMouseEnter: (e: MouseEvent<HTMLElement>) => {
          props.onMouseEnter?.(e);
          show(e.currentTarget);
        },
        onMouseLeave: (e: MouseEvent<HTMLElement>) => {
          props.onMouseLeave?.(e);
          hide();
        },
        onFocus: (e: FocusEvent<HTMLElement>) => {
          props.onFocus?.(e);
          // A click's focus shows nothing, as with MUI's Tooltip: only the keyboard's.
          if (e.target.matches(':focus-visible')) show(e.currentTarget);
        },
        onBlur: (e: FocusEvent<HTMLElement>) => {
          props.onBlur?.(e);
          hide();
        },
      })}
      {anchor && (
        <Tooltip
          title={title}
          open={open}
          onClose={() => {
            setWanted(false);
            setOpen(false);
          }}
          placement={placement}
          disableHoverListener
          disableFocusListener
          disableTouchListener
          slotProps={{ popper: { anchorEl: anchor } }}
        >
          <span hidden />
        </Tooltip>
      )}
    </>
  );
};
