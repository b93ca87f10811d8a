import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { Alert } from "~/components/alert";
import { SwitchButton } from "~/components/switch-button";
import { Button } from "~/components/button";
import { useMoments } from "~/lib/format";
import { useT, type Translate } from "~/lib/i18n/i18n";

export interface WebPushState {
  /** The VAPID public key browsers subscribe with. */
  publicKey: string;
  subscriptions: { _id: string; endpoint: string; label: string; created: string }[];
}

type Support = "checking" | "unsupported" | "denied" | "ready";

const API = "/api/v2/web-push-subscription";

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** A short name for this browser, so the list tells devices apart. */
function browserLabel(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "Browser";
  const system = /Android/.test(ua) ? "Android" : /Windows/.test(ua) ? "Windows" : /Mac OS X/.test(ua) ? "macOS" : /Linux/.test(ua) ? "Linux" : "";
  return system ? `${browser} on ${system}` : browser;
}

async function apiError(response: Response, t: Translate): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return body?.message ?? t("settings.push.notSaved", { status: response.status });
}

/**
 * 'Reminders on this device' (decision 0302): the update reminders as browser notifications
 * through Web Push, besides the mail. The switch subscribes this browser (the service worker
 * public/sw.js shows the reminder with the mail's one-click answers) or unsubscribes it; the
 * person's other subscribed browsers are listed with 'Remove'.
 */
export function WebPushReminders({ webPush, remindersOn }: { webPush: WebPushState; remindersOn: boolean }) {
  const { moment } = useMoments();
  const t = useT();
  const revalidator = useRevalidator();
  const [support, setSupport] = useState<Support>("checking");
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
      setSupport("unsupported");
      return;
    }
    setSupport(Notification.permission === "denied" ? "denied" : "ready");
    navigator.serviceWorker
      .getRegistration("/")
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => setEndpoint(subscription?.endpoint ?? null))
      .catch(() => setEndpoint(null));
  }, []);

  const here = endpoint ? webPush.subscriptions.find((s) => s.endpoint === endpoint) : undefined;
  const on = Boolean(here);
  const others = webPush.subscriptions.filter((s) => s !== here);

  const remove = useCallback(
    async (id: string) => {
      const response = await fetch(`${API}/${encodeURIComponent(id)}`, { method: "DELETE", credentials: "same-origin" });
      if (!response.ok && response.status !== 404) throw new Error(await apiError(response, t));
    },
    [t],
  );

  async function turnOn() {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      setSupport(permission === "denied" ? "denied" : "ready");
      if (permission !== "denied") setError(t("settings.push.notAllowed"));
      return;
    }
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
    let subscription: PushSubscription;
    try {
      subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(webPush.publicKey) }));
    } catch {
      throw new Error(t("settings.push.unreachable"));
    }
    const response = await fetch(API, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...subscription.toJSON(), label: browserLabel() }),
    });
    if (!response.ok) throw new Error(await apiError(response, t));
    setEndpoint(subscription.endpoint);
  }

  async function turnOff() {
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = await registration?.pushManager.getSubscription();
    if (here) await remove(here._id);
    await subscription?.unsubscribe();
    setEndpoint(null);
  }

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
      revalidator.revalidate();
    }
  }

  const explanation =
    support === "unsupported"
      ? t("settings.push.unsupported")
      : support === "denied"
        ? t("settings.push.denied")
        : on
          ? t("settings.push.on")
          : t("settings.push.off");

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p id="web-push-label" className="font-medium text-slate-900">
            {t("settings.push.switch")}
          </p>
          <p id="web-push-state" className="text-sm text-slate-600">
            {explanation}
          </p>
          {!remindersOn ? <p className="mt-1 text-sm text-slate-600">{t("settings.push.remindersOff")}</p> : null}
        </div>
        <SwitchButton
          on={on}
          labelledBy="web-push-label"
          describedBy="web-push-state"
          disabled={busy || support === "checking" || support === "unsupported" || support === "denied"}
          onClick={() => run(on ? turnOff : turnOn)}
          className="disabled:cursor-not-allowed"
        />
      </div>
      {error ? <Alert message={error} /> : null}
      {others.length > 0 ? (
        <p id="web-push-others" className="text-sm font-medium text-slate-700">
          {t("settings.push.others")}
        </p>
      ) : null}
      {others.length > 0 ? (
        <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200" aria-labelledby="web-push-others">
          {others.map((s) => (
            <li key={s._id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <p className="min-w-0 text-sm text-slate-800">
                {s.label || t("settings.push.aBrowser")}{" "}
                <span className="text-slate-600">{t("settings.push.since", { moment: moment(s.created) })}</span>
              </p>
              <Button
                variant="secondary"
                disabled={busy}
                aria-label={t("settings.push.removeLabel", { device: s.label || t("settings.push.aBrowser"), moment: moment(s.created) })}
                onClick={() => run(() => remove(s._id))}
              >
                {t("settings.push.remove")}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
