import { useFetcher, useFetchers } from "@remix-run/react";
import { useCallback, useMemo } from "react";
import type { ApiForecast } from "~/domain/forecasts/forecast.types";
import { parseDayKey } from "~/lib/dates";
import type { IntentResult } from "~/lib/page-form.types";
import { clientSessionId } from "~/realtime/client-session";

/** Where the browser's forecast writes go, the dashboard's and the planner's alike. */
export const FORECAST_WRITES = "/resources/forecasts";

/**
 * A write from the dashboard: posts an intent with this tab's session id to a page action
 * (workload, message, work location: features/dashboard's useDashboardWrite) or to the
 * forecast endpoint. While it runs, `pending` holds what was sent, so the UI shows the change
 * at once; if the server refuses, the loader data (unchanged) shows again and `error` says why.
 */
export function useIntentWrite(key: string, action: string) {
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

/** One's own forecasts from the dashboard: create, update, delete, or today's status. */
export const useForecastWrite = (key: string) => useIntentWrite(key, FORECAST_WRITES);

/** A forecast write in flight: its fetcher's key and the fields it posted. */
export interface PendingForecastWrite {
  key: string;
  fields: Record<string, string>;
}

/**
 * Every forecast write still in flight, to show them optimistically: the dashboard's (one's
 * own, without a userId) or the planner's (each names whose forecast). Stable while the same
 * writes are in flight, so a list derived from it is not rebuilt on every render.
 */
export function usePendingForecastWrites(from: "dashboard" | "planner"): PendingForecastWrite[] {
  const pending = useFetchers()
    .filter((f) => f.state !== "idle" && f.formData && f.formAction === FORECAST_WRITES && Boolean(f.formData.get("userId")) === (from === "planner"))
    .map((f) => ({ key: f.key, fields: Object.fromEntries(f.formData!) as Record<string, string> }));
  const signature = JSON.stringify(pending);
  return useMemo(() => pending, [signature]); // eslint-disable-line react-hooks/exhaustive-deps
}

/**
 * Forecasts as they will be once the writes in flight land: updates and deletes applied, a
 * create added with the temporary id `pending-<fetcher key>` (its owner is the write's userId,
 * or `ownUserId`). Today's status is not a forecast and is left out.
 */
export function applyPendingForecastWrites(forecasts: ApiForecast[], pending: PendingForecastWrite[], ownUserId?: string): ApiForecast[] {
  let list = forecasts;
  for (const { key, fields: p } of pending) {
    if (p.intent === "delete") {
      list = list.filter((f) => f._id !== p.forecastId);
      continue;
    }
    if (p.intent !== "create" && p.intent !== "update") continue;
    const changed = {
      startDate: parseDayKey(p.startDate).toISOString(),
      endDate: parseDayKey(p.endDate || p.startDate).toISOString(),
      status: p.status as ApiForecast["status"],
      comment: p.comment || null,
    };
    if (p.intent === "update") list = list.map((f) => (f._id === p.forecastId ? { ...f, ...changed } : f));
    else list = [...list, { _id: `pending-${key}`, user: p.userId || ownUserId || "", externalSource: null, ...changed }];
  }
  return list;
}
