import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { useT } from "~/lib/i18n/i18n";

/**
 * The one confirmation style: a dark toast that says what a write did ("Saved", "Invitation
 * sent to 3 people", a flash after a redirect), gone after a few seconds or when dismissed.
 * It sits at the bottom of the screen (centred on phones, bottom right beside the side bar
 * from 468 px), so it never covers the navigation. The live region is always in the page,
 * so a screen reader announces each new message.
 */
const TOAST_MS = 5000;

const ToastContext = createContext<(message: string) => void>(() => {});

/** Shows `message` as the toast (replacing the one shown). */
export function useToast() {
  return useContext(ToastContext);
}

/** `initial`: a message already in the server's HTML (a flash after a redirect), so it shows without JavaScript too. */
export function ToastProvider({ initial, children }: { initial?: string; children: ReactNode }) {
  const [toast, setToast] = useState<{ message: string; serial: number } | null>(initial ? { message: initial, serial: 0 } : null);
  const show = useCallback((message: string) => setToast((last) => ({ message, serial: (last?.serial ?? 0) + 1 })), []);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <Toast message={toast?.message ?? null} onDismiss={() => setToast(null)} />
    </ToastContext.Provider>
  );
}

export function Toast({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  const t = useT();
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="toast"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[70] flex justify-center px-4 nav:inset-x-auto nav:right-6 nav:bottom-6 nav:px-0"
    >
      {message ? (
        <p className="pointer-events-auto flex max-w-md items-center gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm font-medium text-white shadow-lg">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className="h-4 w-4 shrink-0 text-green-400" aria-hidden="true">
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span>{message}</span>
          <button type="button" onClick={onDismiss} aria-label={t("common.dismiss")} className="rounded p-0.5 text-slate-300 hover:text-white">
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" className="h-4 w-4" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </p>
      ) : null}
    </div>
  );
}
