import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { useToast } from "~/components/toast";
import type { Device } from "~/domain/identity/devices.types";
import type { IntentResult } from "~/lib/page-form.types";
import { useMoments } from "~/lib/format";
import { useT } from "~/lib/i18n/i18n";

/**
 * Where the person is signed in (decision 0176): this device first, the others each with 'Sign out'.
 * Times are in the reader's locale and their office's zone (issue 27, item 20), not UTC.
 */
export function Devices({ devices }: { devices: Device[] }) {
  const { moment, zone } = useMoments();
  const all = useFetcher<IntentResult>();
  const one = useFetcher<IntentResult>();
  const toast = useToast();
  const t = useT();
  const answer = all.state === "idle" ? all.data : one.state === "idle" ? one.data : undefined;
  useEffect(() => {
    if (answer?.ok && typeof answer.message === "string") toast(answer.message);
  }, [answer, toast]);
  const others = devices.filter((d) => !d.current).length;
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200" aria-label={t("settings.devices.list")}>
        {devices.map((device) => (
          <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {device.label}
                {device.current ? (
                  <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                    {t("settings.devices.thisDevice")}
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-slate-600">
                {t("settings.devices.times", { lastActive: moment(device.lastActiveAt), signedIn: moment(device.signedInAt), zone })}
              </p>
            </div>
            {device.current ? null : (
              <one.Form method="post">
                <input type="hidden" name="intent" value="signOutDevice" />
                <input type="hidden" name="sessionId" value={device.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  disabled={one.state !== "idle"}
                  aria-label={t("settings.devices.signOutLabel", { device: device.label, lastActive: moment(device.lastActiveAt) })}
                >
                  {t("settings.devices.signOut")}
                </Button>
              </one.Form>
            )}
          </li>
        ))}
      </ul>
      {answer && !answer.ok ? <Alert message={answer.message} /> : null}
      <all.Form method="post" className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">{t("settings.devices.others", { count: others })}</p>
        <input type="hidden" name="intent" value="signOutOthers" />
        <Button type="submit" variant="secondary" disabled={others === 0 || all.state !== "idle"}>
          {t("settings.devices.signOutOthers")}
        </Button>
      </all.Form>
    </div>
  );
}
