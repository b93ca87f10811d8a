import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { useToast } from "~/components/toast";
import type { Device } from "~/domain/identity/devices.types";
import type { IntentResult } from "~/lib/page-form.types";
import { useMoments } from "~/lib/format";

/**
 * Where the person is signed in (decision 0176): this device first, the others each with 'Sign out'.
 * Times are in the reader's locale and their office's zone (issue 27, item 20), not UTC.
 */
export function Devices({ devices }: { devices: Device[] }) {
  const { moment, zone } = useMoments();
  const all = useFetcher<IntentResult>();
  const one = useFetcher<IntentResult>();
  const toast = useToast();
  const answer = all.state === "idle" ? all.data : one.state === "idle" ? one.data : undefined;
  useEffect(() => {
    if (answer?.ok && typeof answer.message === "string") toast(answer.message);
  }, [answer, toast]);
  const others = devices.filter((d) => !d.current).length;
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200" aria-label="Signed-in devices">
        {devices.map((device) => (
          <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {device.label}
                {device.current ? (
                  <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">This device</span>
                ) : null}
              </p>
              <p className="text-sm text-slate-600">
                Last active {moment(device.lastActiveAt)} · signed in {moment(device.signedInAt)} ({zone} time)
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
                  aria-label={`Sign out ${device.label}, last active ${moment(device.lastActiveAt)}`}
                >
                  Sign out
                </Button>
              </one.Form>
            )}
          </li>
        ))}
      </ul>
      {answer && !answer.ok ? <Alert message={answer.message} /> : null}
      <all.Form method="post" className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {others === 0 ? "You are signed in on this device only." : `Signed in on ${others} other ${others === 1 ? "device" : "devices"}.`}
        </p>
        <input type="hidden" name="intent" value="signOutOthers" />
        <Button type="submit" variant="secondary" disabled={others === 0 || all.state !== "idle"}>
          Sign out of other devices
        </Button>
      </all.Form>
    </div>
  );
}
