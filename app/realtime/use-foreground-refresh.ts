import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/**
 * The iOS wrapper's foreground signal (decision 0143): when the app comes back to the
 * foreground, the wrapper dispatches `window.dispatchEvent(new Event("availability:foreground"))`
 * in its web view, and the page reloads its data, since the realtime socket may have been
 * asleep while the phone was locked.
 */
export const FOREGROUND_EVENT = "availability:foreground";

export function useForegroundRefresh() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    let last = 0;
    const refresh = () => {
      // One reload per return, however many signals arrive at once.
      if (Date.now() - last < 1000) return;
      last = Date.now();
      revalidate();
    };
    window.addEventListener(FOREGROUND_EVENT, refresh);
    return () => {
      window.removeEventListener(FOREGROUND_EVENT, refresh);
    };
  }, [revalidate]);
}
