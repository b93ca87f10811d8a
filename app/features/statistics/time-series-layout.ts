/** What the time-series chart and its canvas both need, in a module of its own that imports nothing (decision 0305). */

/** One line of the chart. */
export interface TimeSeries {
  label: string;
  /** One value per day of `days`; null where nobody reported (a gap). */
  values: (number | null)[];
  min: number;
  max: number;
  /** The values labelled on its axis, on the canvas and in the SVG alike. */
  ticks: number[];
  format: (value: number) => string;
  /** A theme colour token, such as --color-brand-700: the line, its axis labels and its legend swatch. */
  colour: string;
  /** The table's caption. */
  caption: string;
}

/** Room around the plot for the axes' labels, in px: the SVG stand-in and the canvas leave the same. */
export const INSET = { left: 48, right: 56, top: 8, bottom: 28 };

/** Seconds since 1970 at the day's UTC midnight: uPlot's x values (the page's days are UTC day keys). */
export function dayStamp(day: string) {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}
