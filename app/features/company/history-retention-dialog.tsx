import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { Button } from "~/components/button";
import { DialogActions } from "~/components/dialog";
import { Field } from "~/components/field";
import { MAX_RETENTION_MONTHS, MIN_RETENTION_MONTHS } from "~/domain/company/history-retention.constants";
import { ConnectionDialog, ConnectionStatus } from "./connection-dialog";
import { ConnectionReplyMessage, type ConnectionReply } from "./connection-reply";
import { StepUpField } from "~/components/step-up-field";
import { retentionCutoff, shortensRetention } from "~/domain/history/retention-cutoff";
import { useFormat } from "~/lib/format";
import { parseDayKey } from "~/lib/dates";
import { useT } from "~/lib/i18n/i18n";

/**
 * 'History retention' on the company page (company admins, decision 0308): how many months
 * of day-by-day history the firm keeps; older weeks are kept as one row per person per week,
 * which the statistics read with the same figures. Blank keeps everything for ever. A shorter
 * retention deletes the day-by-day detail for good: the dialog says so, from which day, as
 * soon as the months typed are fewer, and asks for the password (the step-up, decision 0276)
 * when the sign-in is over 10 minutes old; raising it asks nothing.
 */
export function HistoryRetentionButton({ months, today }: { months: number | null; today: string }) {
  const t = useT();
  return (
    <ConnectionDialog label={t("historyRetention.button")} title={t("historyRetention.title")} description={t("historyRetention.description")}>
      {(close) => <HistoryRetentionForm months={months} today={today} onClose={close} />}
    </ConnectionDialog>
  );
}

/** `today`: the firm's day (yyyy-mm-dd), from which the server counts the cutoff, not the browser's. */
function HistoryRetentionForm({ months, today, onClose }: { months: number | null; today: string; onClose: () => void }) {
  const t = useT();
  const save = useFetcher<ConnectionReply>();
  const reply = save.state === "idle" ? save.data : undefined;
  const errors = reply?.status === "error" ? reply.error : null;
  const fmt = useFormat();
  const [typed, setTyped] = useState(months === null ? "" : String(months));
  const wanted = typed.trim() === "" ? null : Number(typed);
  const valid = wanted === null || (Number.isInteger(wanted) && wanted >= MIN_RETENTION_MONTHS && wanted <= MAX_RETENTION_MONTHS);
  const shortens = valid && shortensRetention(months, wanted);
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
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          errors={errors?.historyRetentionMonths ?? undefined}
          data-autofocus
        />
        <p className="text-sm text-slate-600">{t("historyRetention.hint", { min: MIN_RETENTION_MONTHS, max: MAX_RETENTION_MONTHS })}</p>
        <p className="text-sm text-slate-600">{t("historyRetention.weekly")}</p>
        {shortens && wanted !== null ? (
          <p data-testid="history-retention-shorter" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
            {t("historyRetention.shorter", { date: fmt.dayMonthYear(new Date(retentionCutoff(parseDayKey(today), wanted))) })}
          </p>
        ) : null}
        {shortens || errors?.currentPassword ? <StepUpField id="history-retention-current-password" errors={errors?.currentPassword} /> : null}
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
