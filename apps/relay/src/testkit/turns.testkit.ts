/**
 * Calls `onTurn` once a turn of the event loop until stopped: an immediate that queues itself
 * again runs once per turn, as a sliced job's own resume does (a timer would fire only once a
 * millisecond passed, and several slices can run within one). Invariant: `onTurn` runs at most
 * once a turn.
 */
export function eachTurn(onTurn: () => void): () => void {
  let probing = true;
  const probe = (): void => {
    onTurn();
    if (probing) setImmediate(probe);
  };
  setImmediate(probe);
  return () => {
    probing = false;
  };
}
