import { useFetchers } from "@remix-run/react";
import { FORECAST_WRITES, useIntentWrite } from "~/components/use-forecast-writes";

/** A write to the dashboard's own action (workload, message, work location). */
export const useDashboardWrite = (key: string) => useIntentWrite(key, "/home");

/** Every dashboard page write still in flight for an intent (several work-location days at once, say). */
export function usePendingIntents(intents: string[]): Record<string, string>[] {
  return useFetchers()
    .filter((f) => f.state !== "idle" && f.formData && f.formAction !== FORECAST_WRITES && intents.includes(String(f.formData.get("intent"))))
    .map((f) => Object.fromEntries(f.formData!) as Record<string, string>);
}
