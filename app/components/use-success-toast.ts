import { useEffect, useRef } from "react";
import { useToast } from "./toast";

/**
 * The toast for a write that stays on its page (a fetcher, not a dialog): once per answer,
 * when `succeeded`, it shows what `message` says at that moment (null: nothing). An answer
 * already there when the component mounts (a keyed fetcher's last one) is not confirmed again.
 */
export function useSuccessToast(answer: unknown, succeeded: boolean, message: () => string | null) {
  const show = useToast();
  const handled = useRef<unknown>(answer);
  const text = useRef(message);
  text.current = message;
  useEffect(() => {
    if (!answer || !succeeded || handled.current === answer) return;
    handled.current = answer;
    const said = text.current();
    if (said) show(said);
  }, [answer, succeeded, show]);
}
