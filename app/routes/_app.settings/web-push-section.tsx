import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { useMoments } from "~/lib/format";

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

async function apiError(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return body?.message ?? `The change was not saved (HTTP ${response.status}).`;
}

/**
 * 'Reminders on this device' (decision 0302): the update reminders as browser notifications
 * through Web Push, besides the mail. The switch subscribes this browser (the service worker
 * public/sw.js shows the reminder with the mail's one-click answers) or unsubscribes it; the
 * person's other subscribed browsers are listed with 'Remove'.
 */
export function WebPushReminders({ webPush, remindersOn }: { webPush: WebPushState; remindersOn: boolean }) {
  const { moment } = useMoments();
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

  const remove = useCallback(async (id: string) => {
    const response = await fetch(`${API}/${encodeURIComponent(id)}`, { method: "DELETE", credentials: "same-origin" });
    if (!response.ok && response.status !== 404) throw new Error(await apiError(response));
  }, []);

  async function turnOn() {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      setSupport(permission === "denied" ? "denied" : "ready");
      if (permission !== "denied") setError("Notifications were not allowed. Choose Allow when the browser asks.");
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
      throw new Error("This browser could not reach its push service. Check the connection and try again.");
    }
    const response = await fetch(API, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...subscription.toJSON(), label: browserLabel() }),
    });
    if (!response.ok) throw new Error(await apiError(response));
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
      ? "This browser cannot show notifications from web pages. On an iPhone or iPad, use the Availability app; elsewhere, a current Chrome, Edge or Firefox."
      : support === "denied"
        ? "Notifications are blocked for this site in this browser. Allow them in the browser's site settings (the icon beside the address), then come back here."
        : on
          ? "On: update reminders also appear as notifications on this device, with the answers as buttons."
          : "Off: update reminders come by e-mail only.";

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p id="web-push-label" className="font-medium text-slate-900">
            Reminders on this device
          </p>
          <p id="web-push-state" className="text-sm text-slate-600">
            {explanation}
          </p>
          {!remindersOn ? (
            <p className="mt-1 text-sm text-slate-600">Update reminders are off in your profile above: turn them on to get any.</p>
          ) : null}
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="web-push-label"
          aria-describedby="web-push-state"
          disabled={busy || support === "checking" || support === "unsupported" || support === "denied"}
          onClick={() => run(on ? turnOff : turnOn)}
          className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50 ${on ? "bg-brand-600" : "bg-slate-400"}`}
        >
          <span className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${on ? "translate-x-6" : "translate-x-1"}`} />
        </button>
      </div>
      {error ? <Alert message={error} /> : null}
      {others.length > 0 ? (
        <p id="web-push-others" className="text-sm font-medium text-slate-700">
          Other devices with reminders
        </p>
      ) : null}
      {others.length > 0 ? (
        <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200" aria-labelledby="web-push-others">
          {others.map((s) => (
            <li key={s._id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <p className="min-w-0 text-sm text-slate-800">
                {s.label || "A browser"} <span className="text-slate-600">· since {moment(s.created)}</span>
              </p>
              <Button
                variant="secondary"
                disabled={busy}
                aria-label={`Remove reminders on ${s.label || "a browser"} since ${moment(s.created)}`}
                onClick={() => run(() => remove(s._id))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
