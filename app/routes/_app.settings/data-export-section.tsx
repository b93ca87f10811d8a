import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import type { DataExportState } from "~/domain/privacy/data-export.types";
import type { IntentResult } from "~/lib/page-form.types";
import { useMoments } from "~/lib/format";

/** How often the page takes the next step of an export being prepared. */
const STEP_EVERY_MS = 800;

/**
 * "Download my data" (decision 0300): 'Prepare my data' starts an export, the page takes its
 * steps while it shows "Preparing…", then offers the JSON file and the workbook, each once.
 */
export function DataExport({ state }: { state: DataExportState }) {
  const start = useFetcher<IntentResult>();
  const step = useFetcher<IntentResult>();
  // A new copy replaces the old one: its links stop working as soon as it is asked for.
  const preparing = state.status === "preparing" || start.state !== "idle";
  useEffect(() => {
    if (!preparing || step.state !== "idle") return;
    const timer = setTimeout(() => step.submit({ intent: "advanceExport" }, { method: "post" }), STEP_EVERY_MS);
    return () => clearTimeout(timer);
  }, [preparing, step, state]);
  const refused = start.state === "idle" && start.data && !start.data.ok ? start.data.message : null;
  const busy = start.state !== "idle" || preparing;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        A copy of everything stored about you: your profile, workload and location history, forecasts, absences, comments, competences, project hours,
        sessions and devices, and the audit entries about you, as a JSON file and as a workbook. Passwords, second-factor secrets and token values are
        never included.{" "}
        <a href="/privacy#your-data" className="font-medium text-brand-700 underline">
          What is stored and why
        </a>
        .
      </p>
      <div aria-live="polite" className="text-sm text-slate-800">
        {state.status === "preparing" ? (
          <p role="status">
            Preparing… {state.done} of {state.sections} parts, {state.rows} {state.rows === 1 ? "row" : "rows"} so far.
          </p>
        ) : preparing ? (
          <p role="status">Preparing…</p>
        ) : null}
        {state.status === "ready" && !preparing ? <ReadyLinks state={state} /> : null}
        {state.status === "expired" ? <p>Your last copy has expired. Prepare a new one.</p> : null}
      </div>
      {state.status === "failed" ? <Alert message={state.error} /> : null}
      {refused ? <Alert message={refused} /> : null}
      <start.Form method="post">
        <input type="hidden" name="intent" value="requestExport" />
        <Button type="submit" variant={state.status === "ready" ? "secondary" : "primary"} disabled={busy}>
          {preparing ? "Preparing…" : state.status === "ready" ? "Prepare a new copy" : "Prepare my data"}
        </Button>
      </start.Form>
    </div>
  );
}

function ReadyLinks({ state }: { state: Extract<DataExportState, { status: "ready" }> }) {
  // In the reader's locale and office zone, the same on the server and in the browser.
  const { moment, zone } = useMoments();
  const until = `${moment(state.expiresAt)} (${zone} time)`;
  const link = "inline-flex items-center rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700";
  return (
    <div className="space-y-2">
      <p>Your data is ready. Each file downloads once, until {until}.</p>
      <div className="flex flex-wrap gap-3">
        {state.links.json ? (
          <a href={state.links.json} className={link} download>
            Download JSON
          </a>
        ) : (
          <span className="text-slate-600">JSON downloaded</span>
        )}
        {state.links.xlsx ? (
          <a href={state.links.xlsx} className={link} download>
            Download workbook (xlsx)
          </a>
        ) : (
          <span className="text-slate-600">Workbook downloaded</span>
        )}
      </div>
    </div>
  );
}
