/**
 * The dashboard's week view (planning.md, Home): the Today card and forecast cards, which
 * switch to small cards when there are more than five. Card widths 160, 150 and 145 px; a
 * forecast comment's font shrinks one pixel at 20, 35, 50, 70 and 85 characters
 * (docs/decisions/0031-dashboard-cards.md).
 */
export const CARD_WIDTH_PX = { today: 160, forecast: 150, small: 145 } as const;

/** More than this many forecasts: small cards. */
export const SMALL_CARDS_AFTER = 5;

export function forecastCardWidth(forecastCount: number): number {
  return forecastCount > SMALL_CARDS_AFTER ? CARD_WIDTH_PX.small : CARD_WIDTH_PX.forecast;
}

const COMMENT_BASE_PX = 13;
const COMMENT_STEPS = [20, 35, 50, 70, 85];

/** Font size of a comment of `length` characters: 13 px, one less at each step reached. */
export function commentFontPx(length: number): number {
  return COMMENT_BASE_PX - COMMENT_STEPS.filter((step) => length >= step).length;
}
