// Kept free of zod: the WFH overview loads it in the browser.
import type { WorkplaceOption } from "./workplace.schema";

/**
 * What a day of someone's week is called where colleagues read it (the WFH overview): the
 * office's own name for office days, 'Home', 'Away', and the firm's elsewhere label (or the
 * second office for people with two). One vocabulary, whatever the person's setup.
 */
export function workplaceDayLabel(
  option: WorkplaceOption,
  offices: { office: string | null; secondaryOffice: string | null },
  elsewhereLabel: string,
): string {
  switch (option) {
    case 0:
      return offices.office ?? "Office";
    case 1:
      return "Home";
    case 2:
      return "Away";
    case 3:
      return offices.secondaryOffice ?? elsewhereLabel;
    default:
      return "Not set";
  }
}
