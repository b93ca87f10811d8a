import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Runs `task` once the browser is idle (at the latest after 1.5 s); answers the cancel. The one
 * way the app defers what a page needs soon but not for its first render (decision 0292).
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback !== "function") {
    const timer = window.setTimeout(task, 200);
    return () => window.clearTimeout(timer);
  }
  const idle = window.requestIdleCallback(task, { timeout: 1500 });
  return () => window.cancelIdleCallback(idle);
}

/**
 * A module that a page needs soon but not for its first render (a Headless UI menu or
 * listbox, about 43 KiB gzip: decision 0292): `idleModule(() => import("./x"))` gives a hook
 * that answers the module once it is here (null until then, so the server's markup and the
 * first render in the browser are the same) and fetches it when the page is idle. `load`
 * fetches it at once (a click before the idle fetch); both share one fetch per page, and a
 * failed fetch is tried again on the next call.
 */
export function idleModule<T>(importer: () => Promise<T>) {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  const fetchModule = () => {
    loading ??= importer().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return function useIdleModule(): [T | null, () => void] {
    const [, setArrived] = useState(false);
    useEffect(() => {
      if (loaded) return;
      let current = true;
      const fetchNow = () =>
        fetchModule().then(
          () => current && setArrived(true),
          () => undefined,
        );
      const cancel = whenIdle(fetchNow);
      return () => {
        current = false;
        cancel();
      };
    }, []);
    const load = useCallback(() => {
      fetchModule().then(
        () => setArrived(true),
        () => undefined,
      );
    }, []);
    return [loaded, load];
  };
}

/**
 * For the real component that replaces a look-alike button on its first click (a Headless UI
 * menu or listbox loaded by `idleModule`): a ref for its button, which is focused and clicked
 * once as it mounts, so the click that asked for it opens it.
 */
export function useOpenedOnMount<T extends HTMLElement>() {
  const button = useRef<T>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    button.current?.focus();
    button.current?.click();
  }, []);
  return button;
}
