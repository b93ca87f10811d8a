import { useFetcher } from "@remix-run/react";
import { Button } from "~/components/button";
import { DialogActions } from "~/components/dialog";
import { Field } from "~/components/field";
import { MAX_RETENTION_MONTHS, MIN_RETENTION_MONTHS } from "~/domain/company/history-retention.constants";
import { ConnectionDialog, ConnectionStatus } from "./connection-dialog";
import { ConnectionReplyMessage, type ConnectionReply } from "./connection-reply";
import { useT } from "~/lib/i18n/i18n";

/**
 * 'History retention' on the company page (company admins, decision 0308): how many months
 * of day-by-day history the firm keeps; older weeks are kept as one row per person per week,
 * which the statistics read with the same figures. Blank keeps everything for ever.
 */
export function HistoryRetentionButton({ months }: { months: number | null }) {
  const t = useT();
  return (
    <ConnectionDialog label={t("historyRetention.button")} title={t("historyRetention.title")} description={t("historyRetention.description")}>
      {(close) => <HistoryRetentionForm months={months} onClose={close} />}
    </ConnectionDialog>
  );
}

function HistoryRetentionForm({ months, onClose }: { months: number | null; onClose: () => void }) {
  const t = useT();
  const save = useFetcher<ConnectionReply>();
  const reply = save.state === "idle" ? save.data : undefined;
  const errors = reply?.status === "error" ? reply.error : null;
  return (
    <div className="space-y-4">
      <ConnectionStatus
        testId="history-retention-status"
        rows={[
          {
            term: t("historyRetention.kept"),
            value: months === null ? t("historyRetention.forever") : t("historyRetention.months", { months }),
          },
        ]}
      />
      <save.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="updateHistoryRetention" />
        <Field
          id="history-retention-months"
          label={t("historyRetention.field")}
          name="historyRetentionMonths"
          type="number"
          inputMode="numeric"
          defaultValue={months ?? ""}
          errors={errors?.historyRetentionMonths ?? undefined}
          data-autofocus
        />
        <p className="text-sm text-slate-600">{t("historyRetention.hint", { min: MIN_RETENTION_MONTHS, max: MAX_RETENTION_MONTHS })}</p>
        <p className="text-sm text-slate-600">{t("historyRetention.weekly")}</p>
        <ConnectionReplyMessage reply={reply} errorFields={[""]} />
        <DialogActions>
          <Button variant="secondary" type="button" onClick={onClose}>
            {t("common.close")}
          </Button>
          <Button type="submit" disabled={save.state !== "idle"}>
            {save.state !== "idle" ? t("common.saving") : t("common.save")}
          </Button>
        </DialogActions>
      </save.Form>
    </div>
  );
}
