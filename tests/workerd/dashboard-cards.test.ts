import { describe, expect, it } from "vitest";
import { CARD_WIDTH_PX, commentFontPx, forecastCardWidth } from "~/domain/dashboard/cards";

describe("dashboard cards (planning.md, Home)", () => {
  it("are 160 px for Today, 150 px for forecasts and 145 px once there are more than five", () => {
    expect(CARD_WIDTH_PX.today).toBe(160);
    expect(forecastCardWidth(0)).toBe(150);
    expect(forecastCardWidth(5)).toBe(150);
    expect(forecastCardWidth(6)).toBe(145);
  });

  it("shrink a comment's font one pixel at 20, 35, 50, 70 and 85 characters", () => {
    expect([0, 19, 20, 34, 35, 49, 50, 69, 70, 84, 85, 400].map(commentFontPx)).toEqual([13, 13, 12, 12, 11, 11, 10, 10, 9, 9, 8, 8]);
  });
});
