/**
 * `sx` for a block of a public page that a first visit does not see before scrolling (below the
 * phone's first screen): the browser skips its style, layout and paint until it comes near the
 * viewport (`content-visibility: auto`). A marketing page's first frame, and the re-layout when
 * the web fonts arrive, then cover the first screen only: those two were the page's longest
 * main-thread tasks (docs/benchmarks.md, session 14). `height` is the block's height at phone
 * width, which the page's scroll height uses until the block has rendered once (then the
 * browser remembers its real height: `auto`). Only for a block whose margins need not collapse
 * with its contents' (it contains its layout and paint) and which draws nothing outside its box.
 */
export const belowTheFold = (height: number) =>
  ({ contentVisibility: 'auto', containIntrinsicSize: `auto ${height}px` }) as const;
