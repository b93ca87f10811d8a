import { useFetcher, useFetchers } from "@remix-run/react";
import { useCallback } from "react";
import { clientSessionId } from "~/realtime/client-session";
import type { DashboardActionResult } from "~/routes/_app.home/actions.server";

/**
 * A write from the dashboard: posts an intent to the page action with this tab's session
 * id. While it runs, `pending` holds what was sent, so the UI shows the change at once;
 * if the server refuses, the loader data (unchanged) shows again and `error` says why.
 */
export function useDashboardWrite(key: string) {
  const fetcher = useFetcher<DashboardActionResult>({ key });
  const submit = useCallback(
    (intent: string, fields: Record<string, string>) => {
      fetcher.submit({ intent, sessionId: clientSessionId(), ...fields }, { method: "post", action: "/home" });
    },
    [fetcher],
  );
  const pending = fetcher.state !== "idle" && fetcher.formData ? Object.fromEntries(fetcher.formData) : null;
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const result = fetcher.state === "idle" ? (fetcher.data ?? null) : null;
  return { submit, pending: pending as Record<string, string> | null, error, busy: fetcher.state !== "idle", result };
}

/** Every dashboard write still in flight for an intent, e.g. to show forecasts optimistically. */
export function usePendingIntents(intents: string[]): Record<string, string>[] {
  return useFetchers()
    .filter((f) => f.state !== "idle" && f.formData && intents.includes(String(f.formData.get("intent"))))
    .map((f) => Object.fromEntries(f.formData!) as Record<string, string>);
}
