import { useState } from "react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { downloadWithProgress } from "~/lib/download";
import { useFormat } from "~/lib/format";
import { useT } from "~/lib/i18n/i18n";

/**
 * 'Export' on /statistics: POST /api/statistics-raw/ with the page's range and filters,
 * saved as report.xlsx. The workbook streams without a known size (decision 0178), so the
 * progress is the amount received so far.
 */
export function RawExportButton({ startDate, endDate, filter }: { startDate: string; endDate: string; filter: Record<string, string[]> }) {
  const t = useT();
  const fmt = useFormat();
  const megabytes = (bytes: number) => fmt.number(bytes / 1_048_576, 1);
  const [received, setReceived] = useState<number | null>(null);
  const [state, setState] = useState<"idle" | "busy" | "done">("idle");
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setError(null);
    setState("busy");
    setReceived(0);
    try {
      const query = new URLSearchParams({ startDate, endDate });
      await downloadWithProgress(
        `/api/statistics-raw/?${query}`,
        { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(filter) },
        "report.xlsx",
        setReceived,
      );
      // The saved line stays until the next export: a line that vanished after 2 s was gone
      // before a screen reader (or a loaded test run) had read it.
      setState("done");
    } catch (e) {
      setState("idle");
      setError(e instanceof Error ? e.message : t("statistics.export.failed"));
    }
  }
  return (
    <div className="inline-flex flex-wrap items-center gap-3">
      <Button type="button" variant="secondary" onClick={download} disabled={state === "busy"}>
        {state === "busy" ? t("statistics.export.busy") : t("statistics.export")}
      </Button>
      <span role="status" className="text-sm text-slate-600">
        {state === "busy"
          ? t("statistics.export.downloading", { file: "report.xlsx", mb: megabytes(received ?? 0) })
          : state === "done"
            ? t("statistics.export.saved", { file: "report.xlsx", mb: megabytes(received ?? 0) })
            : null}
      </span>
      <Alert plain message={error} />
    </div>
  );
}
