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
  words: WorkplaceWords = ENGLISH_WORKPLACE_WORDS,
): string {
  switch (option) {
    case 0:
      return offices.office ?? words.office;
    case 1:
      return words.home;
    case 2:
      return words.away;
    case 3:
      return offices.secondaryOffice ?? elsewhereLabel;
    default:
      return words.notSet;
  }
}

/** The words of a day without a name of its own, in the reader's language (the catalogs' workplace.*). */
export interface WorkplaceWords {
  office: string;
  home: string;
  away: string;
  notSet: string;
}

const ENGLISH_WORKPLACE_WORDS: WorkplaceWords = { office: "Office", home: "Home", away: "Away", notSet: "Not set" };
