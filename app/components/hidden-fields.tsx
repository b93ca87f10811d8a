/** The hidden inputs of a form (its `intent`, the row's `id`, ...); an undefined value is left out. */
export function Hidden({ values }: { values: Record<string, string | undefined> }) {
  return (
    <>{Object.entries(values).map(([name, value]) => (value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />))}</>
  );
}
