import { useEffect } from "react";
import type { ModalPanel } from "./modal-panel";

/**
 * The dialog library (Headless UI, about 43 KiB gzip) loads when a page is idle or a dialog
 * first opens, not with the page (decision 0292): most visits open none. Apart from dialog.tsx
 * so that a page whose dialogs are all lazy (the dashboard) fetches it ahead without loading
 * the Modal itself with the page.
 */
let loaded: typeof ModalPanel | null = null;
let loading: Promise<typeof ModalPanel> | null = null;

/** The panel, once its code is here. */
export function loadedPanel() {
  return loaded;
}

/** Fetches the panel's code once; after a failure the next call tries again. */
export function loadPanel() {
  loading ??= import("./modal-panel").then(
    (module) => (loaded = module.ModalPanel),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Fetches the dialog code once the page is idle, so a dialog opens at once; a failed fetch is tried again on opening. */
export function usePreloadDialogs() {
  useEffect(() => {
    if (loaded) return;
    const preload = () => loadPanel().catch(() => undefined);
    if (typeof window.requestIdleCallback !== "function") {
      const timer = window.setTimeout(preload, 200);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(preload, { timeout: 1500 });
    return () => window.cancelIdleCallback(idle);
  }, []);
}
