/**
 * Work-location names in the reader's words (decision 0306). The server names the choices in
 * English (domain/workplace: "Office", "Home", "Absent", "None", or an office's own name and
 * the firm's elsewhere label, which are the firm's words and stay as they are); the browser
 * shows the generic ones from the catalogs.
 */
import type { Translate } from "./i18n";

type Option = 0 | 1 | 2 | 3 | null;

/** A choice as the server names it, in the reader's words. */
export function workplaceChoiceLabel(t: Translate, choice: { value: Option; label: string }): string {
  switch (choice.value) {
    case 0:
      // Office days are the office's own name when the person has two offices.
      return choice.label === "Office" ? t("workplace.office") : choice.label;
    case 1:
      return t("workplace.home");
    case 2:
      return t("workplace.absent");
    case null:
      return t("workplace.none");
    default:
      return choice.label;
  }
}

/**
 * What colleagues read for a day (the WFH overview, as domain/workplace/labels.ts says it): the
 * office's own name for office days, home, away, and the second office or the firm's elsewhere
 * label; not set when the person chose nothing.
 */
export function workplaceDayText(
  t: Translate,
  option: Option,
  offices: { office: string | null; secondaryOffice: string | null },
  elsewhereLabel: string,
): string {
  switch (option) {
    case 0:
      return offices.office ?? t("workplace.office");
    case 1:
      return t("workplace.home");
    case 2:
      return t("workplace.away");
    case 3:
      return offices.secondaryOffice ?? elsewhereLabel;
    default:
      return t("common.notSet");
  }
}
