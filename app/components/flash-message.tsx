import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";

/**
 * One-time messages after a redirect, named by `?flash=` (sign-up done, password changed).
 * Only known keys show a text, so the address cannot put words on the page. The parameter
 * is removed from the address at once, and the message goes away after a few seconds.
 */
export const FLASH_TEXT = {
  signup: "Welcome! Your account is ready.",
  passwordChanged: "Password changed.",
} as const;

export type FlashKey = keyof typeof FLASH_TEXT;

export function withFlash(path: string, key: FlashKey): string {
  return `${path}${path.includes("?") ? "&" : "?"}flash=${key}`;
}

export function FlashMessage() {
  const location = useLocation();
  const key = new URLSearchParams(location.search).get("flash");
  const text = key && key in FLASH_TEXT ? FLASH_TEXT[key as FlashKey] : null;
  const [shown, setShown] = useState<string | null>(text);

  useEffect(() => {
    if (!key) return;
    setShown(text);
    const url = new URL(window.location.href);
    url.searchParams.delete("flash");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
    const timer = setTimeout(() => setShown(null), 6000);
    return () => clearTimeout(timer);
  }, [key, text]);

  if (!shown) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-3 z-50 flex justify-center px-4">
      <p
        role="status"
        className="pointer-events-auto flex items-center gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm font-medium text-white shadow-lg"
      >
        {shown}
        <button type="button" onClick={() => setShown(null)} aria-label="Dismiss" className="rounded p-0.5 text-slate-300 hover:text-white">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" className="h-4 w-4" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </p>
    </div>
  );
}
