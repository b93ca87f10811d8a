import { useFetcher, useSubmit } from "@remix-run/react";
import { createElement, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ApiForecast } from "~/domain/forecasts/forecast.types";
import type { PlannerData } from "~/domain/planner/planner.types";
import type { IntentResult } from "~/lib/page-form.types";
import { clientSessionId } from "~/realtime/client-session";
import { useT } from "~/lib/i18n/i18n";
import { applyPendingForecastWrites, FORECAST_WRITES, usePendingForecastWrites } from "~/components/use-forecast-writes";

export type PlannerWrite =
  | { intent: "create"; userId: string; startDate: string; endDate: string; status: string; comment?: string }
  | { intent: "update"; forecast: ApiForecast; startDate: string; endDate: string; status: string; comment?: string | null }
  | { intent: "delete"; forecast: ApiForecast }
  | { intent: "today"; userId: string; status: string };

export type WriteResult = { ok: true } | { ok: false; message: string };

/** What the planner posts to the forecast endpoint for a change (always with whose forecast it is). */
function fieldsOf(change: PlannerWrite): Record<string, string> {
  const fields: Record<string, string> = { intent: change.intent, sessionId: clientSessionId() };
  switch (change.intent) {
    case "create":
      return {
        ...fields,
        userId: change.userId,
        startDate: change.startDate,
        endDate: change.endDate,
        status: change.status,
        comment: change.comment ?? "",
      };
    case "update":
      return {
        ...fields,
        userId: change.forecast.user,
        forecastId: change.forecast._id,
        startDate: change.startDate,
        endDate: change.endDate,
        status: change.status,
        comment: change.comment ?? "",
      };
    case "delete":
      return { ...fields, userId: change.forecast.user, forecastId: change.forecast._id };
    case "today":
      return { ...fields, userId: change.userId, status: change.status };
  }
}

let writeCounter = 0;

/**
 * The planner's data for a window, loaded with a fetcher (so the shell's realtime
 * revalidation refreshes it too), and its writes, each through a fetcher of its own posting
 * to the forecast endpoint the dashboard uses (decision 0055). What is shown is the loaded
 * data with the writes in flight applied (`usePendingForecastWrites`, as on the dashboard),
 * so a change shows at once and a refused one rolls back by itself when its fetcher goes
 * idle; a drag may have several writes in flight, each rolled back alone. `write` resolves
 * with the write's answer, so the editor closes only on an accepted save. Render `answers`:
 * it reads each write's answer from its fetcher.
 */
export function usePlannerData(open: boolean, from: string, days: number) {
  const t = useT();
  const fetcher = useFetcher<PlannerData>({ key: "forecast-planner" });
  const { load } = fetcher;
  const submit = useSubmit();
  const pending = usePendingForecastWrites("planner");
  /** Keys of the writes whose answer has not been read yet, with who waits for it. */
  const waiting = useRef(new Map<string, { change: PlannerWrite; resolve: (result: WriteResult) => void }>());
  const [unanswered, setUnanswered] = useState<string[]>([]);
  /** Accepted writes (the server's row; null: deleted), shown until fresh data arrives. */
  const [settled, setSettled] = useState<Record<string, ApiForecast | null>>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) load(`/resources/planner?from=${from}&days=${days}`);
  }, [open, from, days, load]);

  const data = fetcher.data;
  // Fresh data holds every accepted write (Remix revalidates after each one).
  useEffect(() => setSettled((current) => (Object.keys(current).length === 0 ? current : {})), [data]);

  const forecasts = useMemo(() => {
    if (!data) return [];
    const known = new Set(data.forecasts.map((f) => f._id));
    const merged = data.forecasts.map((f) => (f._id in settled ? settled[f._id] : f)).filter((f): f is ApiForecast => Boolean(f));
    for (const [id, forecast] of Object.entries(settled)) if (!known.has(id) && forecast) merged.push(forecast);
    return applyPendingForecastWrites(merged, pending);
  }, [data, settled, pending]);

  const write = useCallback(
    (change: PlannerWrite): Promise<WriteResult> => {
      const key = `planner-write-${++writeCounter}`;
      setError(null);
      setUnanswered((keys) => [...keys, key]);
      const answer = new Promise<WriteResult>((resolve) => waiting.current.set(key, { change, resolve }));
      submit(fieldsOf(change), { method: "post", action: FORECAST_WRITES, navigate: false, fetcherKey: key });
      return answer;
    },
    [submit],
  );

  const onAnswer = useCallback(
    (key: string, answer: IntentResult | undefined) => {
      const write = waiting.current.get(key);
      if (!write) return;
      const { change, resolve } = write;
      waiting.current.delete(key);
      setUnanswered((keys) => keys.filter((k) => k !== key));
      if (answer?.ok) {
        const forecast = answer.forecast as ApiForecast | undefined;
        if (change.intent === "delete") setSettled((current) => ({ ...current, [change.forecast._id]: null }));
        else if (forecast) setSettled((current) => ({ ...current, [forecast._id]: forecast }));
        resolve({ ok: true });
        return;
      }
      const message = answer?.message ?? t("planner.notSaved");
      // The spec has the planner log a refused save (planning.md section 8).
      console.error(change.intent === "delete" ? "Error deleting forecast:" : "Error saving forecast:", message);
      setError(message);
      resolve({ ok: false, message });
    },
    [t],
  );

  const answers = unanswered.map((key) => createElement(WriteAnswer, { key, fetcherKey: key, onAnswer }));

  return {
    data,
    forecasts,
    write,
    answers,
    busy: pending.length > 0 || unanswered.length > 0,
    error,
    clearError: () => setError(null),
    loading: fetcher.state === "loading",
  };
}

/**
 * Reads one write's answer from its fetcher once it is back to idle. This component can
 * render before the router's state holds the submission (the router's updates render in a
 * transition, the write's own key does not), when its fetcher still reads as idle with no
 * data; that is "not started yet", not "answered with nothing". So the answer counts once
 * the fetcher has data, or is idle again after it was seen busy.
 */
function WriteAnswer({ fetcherKey, onAnswer }: { fetcherKey: string; onAnswer: (key: string, answer: IntentResult | undefined) => void }) {
  const fetcher = useFetcher<IntentResult>({ key: fetcherKey });
  const started = useRef(false);
  if (fetcher.state !== "idle") started.current = true;
  const done = fetcher.state === "idle" && (fetcher.data !== undefined || started.current);
  const answer = fetcher.data;
  useEffect(() => {
    if (done) onAnswer(fetcherKey, answer);
  }, [done, answer, fetcherKey, onAnswer]);
  return null;
}
