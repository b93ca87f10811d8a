import { Link } from "@remix-run/react";
import { useT } from "~/lib/i18n/i18n";

/** Previous/Next and 'x–y of n' under a report's table when it has more than one page (decisions 0205, 0226). */
export function ReportPager({
  report: { page, pageSize, total },
  shown,
  noun,
  link,
}: {
  /** The report's page, its length and how many rows there are in all. */
  report: { page: number; pageSize: number; total: number };
  shown: number;
  noun: string;
  link: (page: number) => string;
}) {
  const t = useT();
  if (total <= pageSize) return null;
  const first = (page - 1) * pageSize;
  return (
    <nav aria-label={t("matters.pager.pages")} className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
      <p>{t("matters.pager.range", { range: shown ? `${first + 1}–${first + shown}` : t("matters.pager.none"), total, noun })}</p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link
            to={link(page - 1)}
            preventScrollReset
            className="rounded-md bg-white px-3 py-1.5 font-medium ring-1 ring-slate-300 hover:bg-slate-50"
          >
            {t("matters.pager.previous")}
          </Link>
        ) : null}
        {first + shown < total ? (
          <Link
            to={link(page + 1)}
            preventScrollReset
            className="rounded-md bg-white px-3 py-1.5 font-medium ring-1 ring-slate-300 hover:bg-slate-50"
          >
            {t("matters.pager.next")}
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
