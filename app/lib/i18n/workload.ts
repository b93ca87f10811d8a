/**
 * The workload scale in the reader's words (decision 0306): the names domain/workload/levels.ts
 * gives in English (WORKLOAD_LABELS) come from the catalogs here, keyed `workload.level0..3`,
 * `workload.away` and `workload.noData`. UI code names a level through these, never through
 * WORKLOAD_LABELS, which stays the server's English (exports, feeds).
 */
import type { MessageKey, Translate } from "./i18n";

const LEVEL_KEYS: Record<string, MessageKey> = {
  away: "workload.away",
  "0": "workload.level0",
  "1": "workload.level1",
  "2": "workload.level2",
  "3": "workload.level3",
};

/** A level's name (0 to 3, as a number or a string), "Away" when away, "No data" for none. */
export function workloadLabel(t: Translate, level: number | string | null | undefined, away = false): string {
  if (away) return t("workload.away");
  if (level === null || level === undefined) return t("workload.noData");
  const key = LEVEL_KEYS[String(level)];
  return key ? t(key) : t("workload.noData");
}

/** The scale in words, for captions: "1 Available to 4 Seriously busy". */
export const workloadScaleText = (t: Translate) => t("workload.scale", { low: t("workload.level0"), high: t("workload.level3") });

/** What the staffing search calls free: "Available or some availability". */
export const freeLevelsText = (t: Translate) => t("workload.freeLevels");
