import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import type { DataExportState } from "~/domain/privacy/data-export.types";
import type { IntentResult } from "~/lib/page-form.types";
import { useMoments } from "~/lib/format";
import { useT } from "~/lib/i18n/i18n";

/** How often the page takes the next step of an export being prepared. */
const STEP_EVERY_MS = 800;

/**
 * "Download my data" (decision 0300): 'Prepare my data' starts an export, the page takes its
 * steps while it shows "Preparing…", then offers the JSON file and the workbook, each once.
 */
export function DataExport({ state }: { state: DataExportState }) {
  const start = useFetcher<IntentResult>();
  const step = useFetcher<IntentResult>();
  const t = useT();
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
        {t("settings.export.intro")}{" "}
        <a href="/privacy#your-data" className="font-medium text-brand-700 underline">
          {t("settings.export.what")}
        </a>
        .
      </p>
      <div aria-live="polite" className="text-sm text-slate-800">
        {state.status === "preparing" ? (
          <p role="status">{t("settings.export.progress", { done: state.done, sections: state.sections, rows: state.rows })}</p>
        ) : preparing ? (
          <p role="status">{t("settings.export.preparing")}</p>
        ) : null}
        {state.status === "ready" && !preparing ? <ReadyLinks state={state} /> : null}
        {state.status === "expired" ? <p>{t("settings.export.expired")}</p> : null}
      </div>
      {state.status === "failed" ? <Alert message={state.error} /> : null}
      {refused ? <Alert message={refused} /> : null}
      <start.Form method="post">
        <input type="hidden" name="intent" value="requestExport" />
        <Button type="submit" variant={state.status === "ready" ? "secondary" : "primary"} disabled={busy}>
          {preparing ? t("settings.export.preparing") : state.status === "ready" ? t("settings.export.again") : t("settings.export.start")}
        </Button>
      </start.Form>
    </div>
  );
}

function ReadyLinks({ state }: { state: Extract<DataExportState, { status: "ready" }> }) {
  // In the reader's locale and office zone, the same on the server and in the browser.
  const { moment, zone } = useMoments();
  const t = useT();
  const link = "inline-flex items-center rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700";
  return (
    <div className="space-y-2">
      <p>{t("settings.export.ready", { until: moment(state.expiresAt), zone })}</p>
      <div className="flex flex-wrap gap-3">
        {state.links.json ? (
          <a href={state.links.json} className={link} download>
            {t("settings.export.json")}
          </a>
        ) : (
          <span className="text-slate-600">{t("settings.export.jsonDone")}</span>
        )}
        {state.links.xlsx ? (
          <a href={state.links.xlsx} className={link} download>
            {t("settings.export.xlsx")}
          </a>
        ) : (
          <span className="text-slate-600">{t("settings.export.xlsxDone")}</span>
        )}
      </div>
    </div>
  );
}
