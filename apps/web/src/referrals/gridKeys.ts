import type { FocusEvent, KeyboardEvent } from 'react';

/** A cell of the grid by row (0 = the header row) and column. */
export interface CellPosition {
  readonly row: number;
  readonly col: number;
}

const CELL = '[role="gridcell"], [role="columnheader"]';
const MOVES: Readonly<Record<string, readonly [number, number]>> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
  Home: [0, -Infinity],
  End: [0, Infinity],
};

/** The grid cell an event happened on itself (not on a button or link inside it), or null. */
const cellOf = (e: { target: EventTarget; currentTarget: HTMLElement }): HTMLElement | null => {
  const target = e.target as HTMLElement;
  return target.matches(CELL) && e.currentTarget.contains(target) ? target : null;
};

const rowsOf = (grid: HTMLElement) => [...grid.querySelectorAll<HTMLElement>('[role="row"]')];

/** Where a cell sits in its grid. */
const positionOf = (grid: HTMLElement, cell: HTMLElement): CellPosition => {
  const row = cell.parentElement as HTMLElement;
  return { row: rowsOf(grid).indexOf(row), col: [...row.children].indexOf(cell) };
};

/**
 * The grid pattern's keys on a plain table: arrows (and Home, End) move between cells; Enter or
 * Space activates the cell (a body cell opens its row, a header sorts). Keys on a button or link
 * inside a cell are left to it. Answers true when the key was used.
 */
export const handleGridKey = (
  e: KeyboardEvent<HTMLElement>,
  activate: (at: CellPosition) => boolean,
): boolean => {
  const cell = cellOf(e);
  if (!cell) return false;
  const at = positionOf(e.currentTarget, cell);
  const move = MOVES[e.key];
  if (move) {
    const rows = rowsOf(e.currentTarget);
    const row = rows[Math.min(Math.max(at.row + move[0], 0), rows.length - 1)];
    const cells = row ? [...row.children] : [];
    const next = cells[Math.min(Math.max(at.col + move[1], 0), cells.length - 1)];
    if (next instanceof HTMLElement) next.focus();
    e.preventDefault();
    return true;
  }
  if ((e.key === 'Enter' || e.key === ' ') && activate(at)) {
    // Not the page's scroll on Space.
    e.preventDefault();
    return true;
  }
  return false;
};

/** The focused cell's position, for the roving tab stop; null when focus went inside a cell. */
export const focusedCell = (e: FocusEvent<HTMLElement>): CellPosition | null => {
  const cell = cellOf(e);
  return cell ? positionOf(e.currentTarget, cell) : null;
};
