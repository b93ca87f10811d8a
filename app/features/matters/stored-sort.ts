import { useCallback, useEffect, useState } from "react";

/**
 * A table's layout or sort choice kept in this browser (spec: "remembered in browser
 * storage"), per person. The server renders the default; the stored choice applies after
 * hydration. Anything unreadable falls back to the default.
 */
export function useStoredChoice<T>(key: string, fallback: T, valid: (value: unknown) => value is T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(fallback);
  useEffect(() => {
    try {
      const raw = window.localStorage.getItem(key);
      if (raw !== null) {
        const parsed: unknown = JSON.parse(raw);
        if (valid(parsed)) setValue(parsed);
      }
    } catch {
      // Storage turned off or a value from an older build: the default stands.
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const set = useCallback(
    (next: T) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Not remembered, still applied.
      }
    },
    [key],
  );
  return [value, set];
}

export interface SortChoice<K extends string> {
  key: K;
  dir: "asc" | "desc";
}

export function isSortChoice<K extends string>(keys: readonly K[]) {
  return (value: unknown): value is SortChoice<K> =>
    typeof value === "object" &&
    value !== null &&
    keys.includes((value as SortChoice<K>).key) &&
    ((value as SortChoice<K>).dir === "asc" || (value as SortChoice<K>).dir === "desc");
}

/** The next sort when a header is clicked: the same key flips direction, a new key starts with its natural one. */
export function nextSort<K extends string>(current: SortChoice<K>, key: K, natural: "asc" | "desc" = "asc"): SortChoice<K> {
  if (current.key === key) return { key, dir: current.dir === "asc" ? "desc" : "asc" };
  return { key, dir: natural };
}

/** A choice kept in this browser, read once (null when absent or unreadable). */
export function readStoredChoice<T>(key: string, valid: (value: unknown) => value is T): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    return valid(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Keeps a choice in this browser; storage turned off only means it is not remembered. */
export function storeChoice(key: string, value: unknown) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Not remembered, still applied.
  }
}
