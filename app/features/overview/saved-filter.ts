import { hasOverviewQuery, writeOverviewQuery, type OverviewQuery } from "~/domain/users/overview-query";

/** The overview filter lives in the browser's storage, one per person (two people may share a browser). */
const storageKey = (userId: string) => `availability.overview-filter.${userId}`;

export function saveFilter(userId: string, query: OverviewQuery) {
  try {
    window.localStorage.setItem(storageKey(userId), writeOverviewQuery(query).toString());
  } catch {
    // Storage full or blocked: the filter is simply not remembered.
  }
}

/** The saved filter as search params, or null when there is none (or it is unreadable). */
export function restoreSavedFilter(userId: string): URLSearchParams | null {
  try {
    const stored = window.localStorage.getItem(storageKey(userId));
    if (!stored) return null;
    const params = new URLSearchParams(stored);
    return hasOverviewQuery(params) ? params : null;
  } catch {
    return null;
  }
}
