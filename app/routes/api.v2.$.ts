import { json } from "@remix-run/cloudflare";

/** Unknown API paths answer JSON, never the HTML not-found page. */
const notFound = () => json({ message: "Not found" }, { status: 404 });

export const loader = notFound;
export const action = notFound;
