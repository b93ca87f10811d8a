import type { SortDir } from "./report-sorts";

/**
 * A report's order and page in the address of /overview (`?order=&dir=&page=`), the same for
 * the Detailed and the Utilization tab (decisions 0205, 0226): the page's loader reads it and
 * the tab writes it. No zod here, so the browser reads it too; the loader validates.
 */
export function readReportAddress(params: URLSearchParams) {
  return {
    sort: params.get("order") ?? undefined,
    dir: params.get("dir") ?? undefined,
    page: params.has("page") ? Number(params.get("page")) : undefined,
  };
}

/** The address with this order and page (page 1 is left out); everything else stays. */
export function reportAddress(current: URLSearchParams, sort: { key: string; dir: SortDir }, page: number) {
  const next = new URLSearchParams(current);
  next.set("order", sort.key);
  next.set("dir", sort.dir);
  if (page > 1) next.set("page", String(page));
  else next.delete("page");
  return next;
}
