/** The viewer's calendar day (YYYY-MM-DD), as follow-up dates are written. */
export const localDay = (at: Date = new Date()): string =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

/** Milliseconds from `at` to the viewer's next local midnight. */
const msToLocalMidnight = (at: Date): number => {
  const next = new Date(at.getFullYear(), at.getMonth(), at.getDate() + 1);
  return next.getTime() - at.getTime();
};

/**
 * Runs `run` just after each local midnight until stopped. The timer is set again for every day,
 * so a daylight-saving change or a sleeping laptop cannot shift the day it fires on.
 */
export const everyLocalMidnight = (run: () => void): (() => void) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    // A second past midnight, so the new day has begun on every clock the tab reads.
    timer = setTimeout(
      () => {
        run();
        arm();
      },
      msToLocalMidnight(new Date()) + 1000,
    );
  };
  arm();
  return () => clearTimeout(timer);
};
