import { useFetcher, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ApiForecast } from "~/domain/forecasts/forecast.types";
import type { PlannerData } from "~/domain/planner/planner.server";
import { clientSessionId } from "~/realtime/client-session";
import { parseDayKey } from "~/lib/dates";
import { FORECAST_WRITES } from "~/features/dashboard/use-dashboard-write";

interface Patch {
  /** null: deleted. */
  forecast: ApiForecast | null;
  /** The server accepted it; dropped once fresh data arrives. */
  settled: boolean;
}

export type PlannerWrite =
  | { intent: "create"; userId: string; startDate: string; endDate: string; status: string; comment?: string }
  | { intent: "update"; forecast: ApiForecast; startDate: string; endDate: string; status: string; comment?: string | null }
  | { intent: "delete"; forecast: ApiForecast }
  | { intent: "today"; userId: string; status: string };

export type WriteResult = { ok: true } | { ok: false; message: string };

let tempCounter = 0;

/**
 * The planner's data for a window, loaded with a fetcher (so the shell's realtime
 * revalidation refreshes it too), with optimistic writes: a change shows at once, a new
 * forecast carries a temporary id until the server's arrives, and a refused change rolls
 * back. `busy` counts writes in flight, so the overlay can refuse to close meanwhile.
 */
export function usePlannerData(open: boolean, from: string, days: number) {
  const fetcher = useFetcher<PlannerData>({ key: "forecast-planner" });
  const { load } = fetcher;
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [patches, setPatches] = useState<Record<string, Patch>>({});
  const [busy, setBusy] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) load(`/resources/planner?from=${from}&days=${days}`);
  }, [open, from, days, load]);

  const data = fetcher.data;
  useEffect(() => {
    // Fresh data holds every accepted change: only the ones still in flight stay patched.
    setPatches((current) => {
      const kept = Object.entries(current).filter(([, patch]) => !patch.settled);
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  }, [data]);

  const forecasts = useMemo(() => {
    if (!data) return [];
    const known = new Set(data.forecasts.map((f) => f._id));
    const merged = data.forecasts.map((f) => (f._id in patches ? patches[f._id].forecast : f)).filter((f): f is ApiForecast => Boolean(f));
    for (const [id, patch] of Object.entries(patches)) if (!known.has(id) && patch.forecast) merged.push(patch.forecast);
    return merged;
  }, [data, patches]);

  const write = useCallback(async (change: PlannerWrite): Promise<WriteResult> => {
    const id =
      change.intent === "update" || change.intent === "delete" ? change.forecast._id : change.intent === "create" ? `temp-${++tempCounter}` : null;
    const fields: Record<string, string> = { intent: change.intent, sessionId: clientSessionId() };
    if (change.intent === "create") {
      Object.assign(fields, {
        userId: change.userId,
        startDate: change.startDate,
        endDate: change.endDate,
        status: change.status,
        comment: change.comment ?? "",
      });
    } else if (change.intent === "update") {
      Object.assign(fields, {
        userId: change.forecast.user,
        forecastId: change.forecast._id,
        startDate: change.startDate,
        endDate: change.endDate,
        status: change.status,
        comment: change.comment ?? "",
      });
    } else if (change.intent === "delete") {
      Object.assign(fields, { userId: change.forecast.user, forecastId: change.forecast._id });
    } else {
      Object.assign(fields, { userId: change.userId, status: change.status });
    }
    const optimistic: ApiForecast | null =
      change.intent === "create"
        ? {
            _id: id!,
            user: change.userId,
            startDate: parseDayKey(change.startDate).toISOString(),
            endDate: parseDayKey(change.endDate).toISOString(),
            status: change.status as ApiForecast["status"],
            comment: change.comment || null,
            externalSource: null,
          }
        : change.intent === "update"
          ? {
              ...change.forecast,
              startDate: parseDayKey(change.startDate).toISOString(),
              endDate: parseDayKey(change.endDate).toISOString(),
              status: change.status as ApiForecast["status"],
              comment: change.comment || null,
            }
          : null;
    const previous = { current: undefined as Patch | undefined };
    if (id) {
      setPatches((current) => {
        previous.current = current[id];
        return { ...current, [id]: { forecast: optimistic, settled: false } };
      });
    }
    setBusy((n) => n + 1);
    setError(null);
    try {
      const response = await fetch(FORECAST_WRITES, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Accept: "application/json" },
      });
      const body = (await response.json().catch(() => ({}))) as { forecast?: ApiForecast; message?: string };
      if (!response.ok) throw new Error(body.message ?? `The server answered ${response.status}.`);
      if (id) {
        setPatches((current) => {
          const next = { ...current };
          delete next[id];
          if (change.intent === "delete") next[id] = { forecast: null, settled: true };
          else if (body.forecast) next[body.forecast._id] = { forecast: body.forecast, settled: true };
          return next;
        });
      }
      revalidate.current();
      return { ok: true };
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      console.error(change.intent === "delete" ? "Error deleting forecast:" : "Error saving forecast:", message);
      if (id) {
        setPatches((current) => {
          const next = { ...current };
          if (previous.current) next[id] = previous.current;
          else delete next[id];
          return next;
        });
      }
      setError(message);
      return { ok: false, message };
    } finally {
      setBusy((n) => n - 1);
    }
  }, []);

  return { data, forecasts, write, busy: busy > 0, error, clearError: () => setError(null), loading: fetcher.state === "loading" };
}
