import { useForm, type DefaultValue } from "@conform-to/react";
import type { z } from "zod";
import { useConfirmedFetcher } from "./use-dialog-fetcher";
import { useLazyValidation, type FieldConstraints } from "./use-lazy-validation";

/**
 * A form that is on the page from the start (not in a dialog), without its schema in the first
 * load: zod alone is about 53 KiB gzip (decision 0292). The schema and conform's zod adapter
 * load when the page is idle; from then on the browser validates as `useDialogForm` does (on
 * blur, then on input). Before that conform leaves validation to the server, whose answer
 * carries the same messages. The field attributes come from the loader (`constraint`,
 * conform's getZodConstraint run on the server), so the server's markup and the first render
 * in the browser are the same.
 */
export function useIdleSchemaForm<S extends z.ZodObject>(
  id: string,
  loadSchema: () => Promise<S>,
  constraint: FieldConstraints,
  defaultValue: Record<string, string> | undefined,
  onDone: () => void,
  confirmation?: string | (() => string),
) {
  const fetcher = useConfirmedFetcher(onDone, confirmation);
  const onValidate = useLazyValidation(() =>
    Promise.all([loadSchema(), import("./zod-validation")]).then(([schema, module]) => module.zodValidation(schema)),
  );
  const [form, fields] = useForm<z.input<S>, z.output<S>, string[]>({
    id,
    lastResult: fetcher.state === "idle" ? fetcher.data : undefined,
    constraint,
    // The same plain strings useDialogForm hands conform.
    defaultValue: defaultValue as DefaultValue<z.input<S>>,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate,
  });
  return { fetcher, form, fields, busy: fetcher.state !== "idle" };
}
