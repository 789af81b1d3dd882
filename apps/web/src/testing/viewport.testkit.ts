/** Sets happy-dom's viewport: media queries (useMediaQuery) answer for this width. */
export const setViewportWidth = (width: number): void =>
  (
    window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height: 800 });

/** happy-dom's default width, to restore after a test. */
export const DEFAULT_VIEWPORT_WIDTH = 1024;
