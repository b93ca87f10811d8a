/** Seed values the end-to-end tests check against (no imports, so Playwright can load it). */

/** Demo Law sorts titles most senior first (the company setting titleRanking). */
export const DEMO_TITLE_RANKING = [
  "Partner",
  "Counsel",
  "Managing Associate",
  "Senior Associate",
  "Associate",
  "Junior Associate",
  "Legal Counsel",
  "Paralegal",
];
