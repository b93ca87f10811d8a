import type { SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { useT } from "~/lib/i18n/i18n";
import { useToast } from "./toast";

type Reply = SubmissionResult<string[]>;

/**
 * A dialog's form round trip: it posts to its page's action through its own fetcher with
 * an `intent`, calls `onDone` when the action answers success, and otherwise keeps
 * conform's field errors and the server's message so the dialog stays open and says why.
 * Apart from use-dialog-form.ts (conform, zod), so that a page whose dialogs post without a
 * schema (a confirmation) does not load those with the page: esbuild puts a whole file in a
 * chunk, with everything it imports (decision 0292).
 */
export function useDialogFetcher(onDone: () => void) {
  const fetcher = useFetcher<Reply>();
  const done = fetcher.state === "idle" && fetcher.data?.status === "success";
  // Once per answer: onDone may confirm with a toast, which must not repeat on a re-render.
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!done || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    onDone();
  }, [done, onDone, fetcher.data]);
  return fetcher;
}

/**
 * `useDialogFetcher` with the toast once the action answers success: `confirmation` ("Saved"
 * unless a form says more, e.g. "Invitation sent to …"; a function is read at that moment).
 */
export function useConfirmedFetcher(onDone: () => void, confirmation?: string | (() => string)) {
  const t = useT();
  const show = useToast();
  const confirmed = useRef(confirmation);
  confirmed.current = confirmation;
  const done = useCallback(() => {
    const text = confirmed.current ?? t("common.saved");
    show(typeof text === "function" ? text() : text);
    onDone();
  }, [show, onDone, t]);
  return useDialogFetcher(done);
}
