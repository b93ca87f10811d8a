import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useCallback, useRef } from "react";
import type { z } from "zod";
import { useT } from "~/lib/i18n/i18n";
import { useToast } from "./toast";
import { useDialogFetcher } from "./use-dialog-fetcher";

export { useDialogFetcher };

/**
 * `confirmation` is the toast once the action answers success ("Saved" unless a form says
 * more, e.g. "Invitation sent to …"); a function is read at that moment.
 */
export function useDialogForm<S extends z.ZodObject>(
  id: string,
  schema: S,
  defaultValue: Record<string, string> | undefined,
  onDone: () => void,
  confirmation?: string | (() => string),
) {
  const t = useT();
  const show = useToast();
  const confirmed = useRef(confirmation);
  confirmed.current = confirmation;
  const done = useCallback(() => {
    const text = confirmed.current ?? t("common.saved");
    show(typeof text === "function" ? text() : text);
    onDone();
  }, [show, onDone, t]);
  const fetcher = useDialogFetcher(done);
  const [form, fields] = useFetcherForm(id, schema, defaultValue, fetcher);
  return { fetcher, form, fields, busy: fetcher.state !== "idle" };
}

/**
 * conform on a dialog's fetcher: the use case's zod schema in the browser (on blur, then on
 * input) and the fetcher's answer as the last result, so the server's field errors show at
 * their fields. For dialogs that stay open after a save (SMTP); `useDialogForm` adds the
 * toast and the closing.
 */
export function useFetcherForm<S extends z.ZodObject>(
  id: string,
  schema: S,
  defaultValue: Record<string, string> | undefined,
  fetcher: ReturnType<typeof useDialogFetcher>,
) {
  return useForm({
    id,
    lastResult: fetcher.state === "idle" ? fetcher.data : undefined,
    constraint: getZodConstraint(schema),
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
