import { useEffect, useLayoutEffect, useState } from "react";

/** Set once the document the browser loaded has hydrated; never on the server. */
let hydrated = false;

/** A layout effect in the browser (it runs in the hydrating commit, before the browser paints again); none on the server. */
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * False while the server renders a page and while the browser hydrates that markup (the two
 * must agree), true from the render right after (in the same commit, before the next paint)
 * and on every later mount (a client navigation). A page renders what lies below the first
 * screen only when this is true (decision 0295).
 */
export function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(hydrated);
  useBrowserLayoutEffect(() => {
    hydrated = true;
    setAfter(true);
  }, []);
  return after;
}
