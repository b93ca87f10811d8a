import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ErrorPage } from "./error-page";

/**
 * The one error boundary: a thrown Response shows its status page (403, 404), anything else
 * is logged and shows the 500 page. The root uses it, and so does the app shell, which wraps
 * it in the navigation so an error inside the app keeps the way out.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  // A refusal (403) says why; other statuses keep their own page's words.
  if (isRouteErrorResponse(error))
    return <ErrorPage status={error.status} reason={error.status === 403 && typeof error.data === "string" ? error.data : undefined} />;
  console.error(error);
  return <ErrorPage status={500} />;
}
