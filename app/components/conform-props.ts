import { getInputProps } from "@conform-to/react";

/**
 * conform's field metadata as our fields' props. Apart from the fields themselves, so a page
 * whose fields are not a conform form (filters, the statistics range) loads no conform
 * (decision 0292).
 */

type InputOptions = Parameters<typeof getInputProps>[1];

/** conform's input props without `key`, which React does not allow inside a spread. */
export function inputProps(meta: Parameters<typeof getInputProps>[0], options: InputOptions) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { key, ...props } = getInputProps(meta, options);
  return { ...props, errors: meta.errors };
}

/** conform's field metadata as a DateField's props (the field's id, name, first value, errors). */
export function dateFieldProps(meta: Parameters<typeof getInputProps>[0]) {
  const { id, name, defaultValue, required, form } = getInputProps(meta, { type: "text" });
  return { id, name, required, form, defaultValue: typeof defaultValue === "string" ? defaultValue : undefined, errors: meta.errors };
}
