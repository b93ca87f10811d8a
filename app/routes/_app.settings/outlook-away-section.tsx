import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { Alert } from "~/components/alert";
import { SwitchButton } from "~/components/switch-button";
import { useToast } from "~/components/toast";
import type { OutlookAwayState } from "~/domain/forecasts/outlook-away.types";
import { useMoments } from "~/lib/format";
import type { IntentResult } from "~/lib/page-form.types";
import { useT } from "~/lib/i18n/i18n";

/**
 * 'Take my away days from Outlook' (decision 0304): the person's switch, shown only where the
 * firm's Microsoft directory connection reaches them. While it is on, their Out of office
 * events and scheduled automatic replies become away days marked 'From Outlook'.
 */
export function OutlookAway({ state }: { state: OutlookAwayState }) {
  const fetcher = useFetcher<IntentResult>();
  const toast = useToast();
  const t = useT();
  const { moment } = useMoments();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answer?.ok && typeof answer.message === "string") toast(answer.message);
  }, [answer, toast]);
  // While the answer is on its way, the switch shows what was asked for.
  const pending = fetcher.formData?.get("on");
  const on = pending ? pending === "on" : state.on;
  const busy = fetcher.state !== "idle";

  return (
    <div className="space-y-4">
      <fetcher.Form method="post" className="flex flex-wrap items-center justify-between gap-3">
        <input type="hidden" name="intent" value="outlookAway" />
        <input type="hidden" name="on" value={on ? "off" : "on"} />
        <div className="min-w-0 flex-1">
          <p id="outlook-away-label" className="font-medium text-slate-900">
            {t("settings.outlook.switch")}
          </p>
          <p id="outlook-away-state" className="text-sm text-slate-600">
            {on ? t("settings.outlook.on") : t("settings.outlook.off")}
          </p>
        </div>
        <SwitchButton
          type="submit"
          on={on}
          labelledBy="outlook-away-label"
          describedBy="outlook-away-state"
          disabled={busy}
          className="disabled:cursor-wait"
        />
      </fetcher.Form>
      {state.on ? (
        <ul className="space-y-1 text-sm text-slate-600">
          <li>{t("settings.outlook.follow")}</li>
          <li data-testid="outlook-away-summary">
            {t("settings.outlook.upcoming", { count: state.upcoming })}{" "}
            {state.lastSyncedAt ? t("settings.outlook.lastRead", { moment: moment(state.lastSyncedAt) }) : t("settings.outlook.notRead")}
          </li>
        </ul>
      ) : null}
      {state.on && state.lastError ? <Alert message={state.lastError} /> : null}
      {answer && !answer.ok ? <Alert message={answer.message} /> : null}
    </div>
  );
}
