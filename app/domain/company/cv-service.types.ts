/** How the company's CV service import stands (cv-import.server.ts): a plain type, for server and browser alike. */
export interface CvImportStatus {
  url: string | null;
  hasKey: boolean;
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  failures: number;
  nextAttemptAt: string | null;
  peopleMatched: number;
}
