import { Alert } from "~/components/alert";

/** Shown when a save was refused and the change was rolled back. */
export function SaveError({ message }: { message: string | null }) {
  if (!message) return null;
  return <Alert small message={`Not saved: ${message} Your change was undone.`} className="mt-2" />;
}
