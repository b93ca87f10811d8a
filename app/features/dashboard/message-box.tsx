import { useEffect, useRef, useState } from "react";
import { useToast } from "~/components/toast";
import { useT } from "~/lib/i18n/i18n";
import { clientSessionId } from "~/realtime/client-session";
import { SaveError } from "./save-error";
import { useDashboardWrite } from "./use-dashboard-write";

const DEBOUNCE_MS = 150;

/**
 * The status message (or the new dashboard's general comment). Saved 150 ms after the
 * last keystroke, at once on blur, and by beacon if the page goes away first, so the last
 * keystrokes are never lost. Enter is blocked; input beyond the limit is ignored.
 */
export function MessageBox({ label, value, limit, id }: { label: string; value: string; limit: number; id: string }) {
  const t = useT();
  const write = useDashboardWrite("message");
  const [text, setText] = useState(value);
  const unsent = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const focused = useRef(false);
  const submitRef = useRef(write.submit);
  submitRef.current = write.submit;

  const flush = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (unsent.current === null) return;
    const message = unsent.current;
    unsent.current = null;
    submitRef.current("message", { message });
  };

  // Each landed save says so, in the one toast style of every write.
  const show = useToast();
  const result = write.result;
  useEffect(() => {
    if (result?.ok && result.intent === "message") show(t("common.saved"));
  }, [result, show, t]);

  // Take the server's value (a colleague's device, a rollback) unless the person is typing.
  useEffect(() => {
    if (!focused.current && unsent.current === null && !write.busy) setText(value);
  }, [value, write.busy]);

  useEffect(() => {
    const beacon = () => {
      if (unsent.current === null) return;
      const form = new FormData();
      form.set("intent", "message");
      form.set("message", unsent.current);
      form.set("sessionId", clientSessionId());
      navigator.sendBeacon("/home", form);
      unsent.current = null;
    };
    window.addEventListener("pagehide", beacon);
    return () => {
      window.removeEventListener("pagehide", beacon);
      flushOnUnmount();
    };
    function flushOnUnmount() {
      if (unsent.current !== null) beacon();
    }
  }, []);

  return (
    <div>
      <div className="flex items-baseline justify-between">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        <span className="text-xs text-slate-500" aria-live="polite" data-testid={`${id}-counter`}>
          {text.length}/{limit}
        </span>
      </div>
      <input
        id={id}
        type="text"
        value={text}
        maxLength={limit}
        autoComplete="off"
        placeholder={t("dashboard.message.placeholder")}
        aria-describedby={`${id}-hint`}
        onFocus={() => (focused.current = true)}
        onBlur={() => {
          focused.current = false;
          flush();
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") event.preventDefault();
        }}
        onChange={(event) => {
          const next = event.target.value.replace(/[\r\n]+/g, " ").slice(0, limit);
          setText(next);
          unsent.current = next;
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(flush, DEBOUNCE_MS);
        }}
        className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {t("dashboard.message.hint")}
      </p>
      <SaveError message={write.error} />
    </div>
  );
}
