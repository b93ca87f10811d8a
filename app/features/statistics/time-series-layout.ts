/** What the time-series chart and its canvas both need, in a module of its own that imports nothing (decision 0305). */

/** Room around the plot for the axes' labels, in px: the SVG stand-in and the canvas leave the same. */
export const INSET = { left: 48, right: 56, top: 8, bottom: 28 };

/** Seconds since 1970 at the day's UTC midnight: uPlot's x values (the page's days are UTC day keys). */
export function dayStamp(day: string) {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}
