import { useEffect, useRef, useState } from "react";
import { whenIdle } from "./idle-module";

/**
 * Browser validation for an inline form whose schema (zod, about 53 KiB gzip, and
 * @conform-to/zod) must not load with the page (decision 0292): `load` imports the module
 * that validates, once the page is idle, and the hook answers its function from then on, for
 * conform's `onValidate`. Until then it answers `undefined`: conform then validates nothing
 * in the browser and the form posts, and the server, which validates with the same schema,
 * answers with the same messages. Undefined on the server and in the hydrating render, so
 * both render the same. A failed fetch leaves the server's validation in place.
 */
export function useLazyValidation<V extends (...args: never[]) => unknown>(load: () => Promise<V>): V | undefined {
  const [validate, setValidate] = useState<V | undefined>(undefined);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    let live = true;
    const start = () =>
      latest.current().then(
        (loaded) => live && setValidate(() => loaded),
        () => undefined,
      );
    const cancel = whenIdle(start);
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return validate;
}

/**
 * Each field's required, maxLength and the like, as `formConstraint(schema)` gives them:
 * a loader works them out and hands them to the page, so the inputs keep their attributes
 * without zod in the browser.
 */
export type FieldConstraints = Record<
  string,
  {
    required?: boolean;
    minLength?: number;
    maxLength?: number;
    min?: string | number;
    max?: string | number;
    step?: string | number;
    multiple?: boolean;
    pattern?: string;
    accept?: string;
  }
>;
