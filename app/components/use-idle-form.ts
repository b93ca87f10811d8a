import { useForm, type DefaultValue } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { useConfirmedFetcher } from "./use-dialog-fetcher";
import type { zodValidation } from "./zod-validation";

/** The field attributes (required, maxLength...) conform derives from a schema, as plain data. */
export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]["constraint"]>;

/**
 * A form that is on the page from the start (not in a dialog), without its schema in the first
 * load: zod alone is about 90 KiB gzip (decision 0292). The schema and conform's zod adapter
 * load when the page is idle; from then on the browser validates as `useDialogForm` does (on
 * blur, then on input). Before that conform leaves validation to the server, whose answer
 * carries the same messages. The field attributes come from the loader (`constraint`,
 * conform's getZodConstraint run on the server), so the server's markup and the first render
 * in the browser are the same.
 */
export function useIdleSchemaForm<S extends z.ZodObject>(
  id: string,
  loadSchema: () => Promise<S>,
  constraint: FormConstraint,
  defaultValue: Record<string, string> | undefined,
  onDone: () => void,
  confirmation?: string | (() => string),
) {
  const fetcher = useConfirmedFetcher(onDone, confirmation);
  const onValidate = useIdleValidation(loadSchema);
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

type Validation<S extends z.ZodObject> = ReturnType<typeof zodValidation<S>>;

/** The schema's browser validation once it has loaded at idle (undefined until then). */
function useIdleValidation<S extends z.ZodObject>(loadSchema: () => Promise<S>) {
  const [validation, setValidation] = useState<Validation<S>>();
  useEffect(() => {
    let current = true;
    const load = () =>
      Promise.all([loadSchema(), import("./zod-validation")]).then(
        ([schema, module]) => current && setValidation(() => module.zodValidation(schema)),
        // Without it the server still validates; the next page visit tries again.
        () => undefined,
      );
    const idle = typeof window.requestIdleCallback === "function" ? window.requestIdleCallback(load, { timeout: 1500 }) : null;
    const timer = idle === null ? window.setTimeout(load, 200) : null;
    return () => {
      current = false;
      if (idle !== null) window.cancelIdleCallback(idle);
      if (timer !== null) window.clearTimeout(timer);
    };
    // The schema is the form's for its whole life: loaded once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return validation;
}
