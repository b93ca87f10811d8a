import { useFetcher, useFetchers } from "@remix-run/react";
import { useCallback } from "react";
import type { IntentResult } from "~/lib/page-form.server";
import { clientSessionId } from "~/realtime/client-session";

/** Where the browser's forecast writes go, the dashboard's and the planner's alike. */
export const FORECAST_WRITES = "/resources/forecasts";

/**
 * A write from the dashboard: posts an intent with this tab's session id to the page action
 * (workload, message, work location) or to the forecast endpoint. While it runs, `pending`
 * holds what was sent, so the UI shows the change at once; if the server refuses, the loader
 * data (unchanged) shows again and `error` says why.
 */
function useIntentWrite(key: string, action: string) {
  const fetcher = useFetcher<IntentResult>({ key });
  const submit = useCallback(
    (intent: string, fields: Record<string, string>) => {
      fetcher.submit({ intent, sessionId: clientSessionId(), ...fields }, { method: "post", action });
    },
    [fetcher, action],
  );
  const pending = fetcher.state !== "idle" && fetcher.formData ? Object.fromEntries(fetcher.formData) : null;
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const result = fetcher.state === "idle" ? (fetcher.data ?? null) : null;
  return { submit, pending: pending as Record<string, string> | null, error, busy: fetcher.state !== "idle", result };
}

export const useDashboardWrite = (key: string) => useIntentWrite(key, "/home");

/** One's own forecasts from the dashboard: create, update, delete, or today's status. */
export const useForecastWrite = (key: string) => useIntentWrite(key, FORECAST_WRITES);

/** Every forecast write still in flight (for one's own strip: those without a userId), to show them optimistically. */
export function usePendingForecastWrites(): Record<string, string>[] {
  return useFetchers()
    .filter((f) => f.state !== "idle" && f.formData && f.formAction === FORECAST_WRITES && !f.formData.get("userId"))
    .map((f) => Object.fromEntries(f.formData!) as Record<string, string>);
}

/** Every dashboard page write still in flight for an intent (several work-location days at once, say). */
export function usePendingIntents(intents: string[]): Record<string, string>[] {
  return useFetchers()
    .filter((f) => f.state !== "idle" && f.formData && f.formAction !== FORECAST_WRITES && intents.includes(String(f.formData.get("intent"))))
    .map((f) => Object.fromEntries(f.formData!) as Record<string, string>);
}
