/** What /settings shows of 'Take my away days from Outlook' (decision 0304). Plain types, for server and browser alike. */
export interface OutlookAwayState {
  on: boolean;
  lastSyncedAt: string | null;
  lastError: string | null;
  /** Away periods from Outlook from today on. */
  upcoming: number;
}
