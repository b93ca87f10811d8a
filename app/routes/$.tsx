import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/session.server";
import { ErrorPage } from "~/components/error-page";

/** Any unknown path: signed-out people go to /login first, like every protected page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}

export function ErrorBoundary() {
  return <ErrorPage status={404} />;
}
