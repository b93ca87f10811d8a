import { useCallback, useEffect, useState } from "react";

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
      if (typeof window.requestIdleCallback !== "function") {
        const timer = window.setTimeout(fetchNow, 200);
        return () => {
          current = false;
          window.clearTimeout(timer);
        };
      }
      const idle = window.requestIdleCallback(fetchNow, { timeout: 1500 });
      return () => {
        current = false;
        window.cancelIdleCallback(idle);
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
