/** Shown when a save was refused and the change was rolled back. */
export function SaveError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-1.5 text-xs text-red-700">
      Not saved: {message} Your change was undone.
    </p>
  );
}
