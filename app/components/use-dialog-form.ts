import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { formConstraint } from "./form-constraint";
import type { z } from "zod";
import { useConfirmedFetcher, useDialogFetcher } from "./use-dialog-fetcher";

export { useDialogFetcher };

/** A dialog's form: `useConfirmedFetcher` (the toast on success, then `onDone`) with conform and the schema. */
export function useDialogForm<S extends z.ZodObject>(
  id: string,
  schema: S,
  defaultValue: Record<string, string> | undefined,
  onDone: () => void,
  confirmation?: string | (() => string),
) {
  const fetcher = useConfirmedFetcher(onDone, confirmation);
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
    constraint: formConstraint(schema),
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
