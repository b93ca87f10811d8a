import { Link } from "@remix-run/react";
import { useId } from "react";
import { Icon, type IconName } from "~/components/icon";
import { useT, type MessageKey } from "~/lib/i18n/i18n";

/**
 * The profile card's team buttons (issue 27, item 21): 'WFH Overview', 'Forecasts' and 'Absence
 * planning' looked like three copies of one button. Each now has its own icon and a line saying
 * what it shows; the line is the button's description, and its name stays the spec's label.
 */
export function TeamButton({ label, description, icon, onClick }: { label: string; description: string; icon: IconName; onClick: () => void }) {
  const id = useId();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      aria-describedby={id}
      className="flex w-full min-w-0 items-start gap-2 rounded-md sm:w-auto bg-white px-3 py-2 text-left ring-1 ring-slate-300 hover:bg-slate-50"
    >
      <span className="mt-0.5 text-brand-700">
        <Icon name={icon} className="h-5 w-5" />
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-medium text-slate-800">{label}</span>
        <span id={id} className="block text-xs text-slate-500">
          {description}
        </span>
      </span>
    </button>
  );
}

/**
 * Instead of disabled 'No data' cards: an administrator reports no workload and plans no week
 * of their own (the spec), so their home says so once and points to where their work is.
 */
const ADMIN_LINKS: { to: string; label: MessageKey; description: MessageKey }[] = [
  { to: "/overview", label: "nav.overview", description: "dashboard.admin.overview" },
  { to: "/find-people", label: "findPeople.title", description: "dashboard.admin.findPeople" },
  { to: "/statistics", label: "nav.statistics", description: "dashboard.admin.statistics" },
];

export function AdminHomeNote({ links = ADMIN_LINKS }: { links?: { to: string; label: MessageKey; description: MessageKey }[] }) {
  const t = useT();
  return (
    <section
      aria-labelledby="admin-note-heading"
      className="mt-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      data-testid="admin-home-note"
    >
      <h2 id="admin-note-heading" className="text-base font-semibold text-slate-900">
        {t("dashboard.admin.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("dashboard.admin.text")}</p>
      {links.length > 0 ? (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="block rounded-md px-3 py-2 ring-1 ring-slate-200 hover:bg-slate-50">
                <span className="block text-sm font-medium text-brand-700">{t(link.label)}</span>
                <span className="block text-xs text-slate-500">{t(link.description)}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
