import clsx from "clsx";
import { useMemo, useState } from "react";
import { FieldFrame } from "~/components/field";
import { groupedTimeZones, timeZoneChoices } from "~/lib/time-zones";
import { useT } from "~/lib/i18n/i18n";

/**
 * A time zone chosen from some 420 (issue 27, item 25): a search box that narrows the list by
 * city, region or zone, and a native select grouped by region (Europe, America, …), each zone
 * named by its city. The select is the form's field; `extra` options (the company's zone,
 * say) come first.
 */
export function TimeZoneField({
  label,
  id,
  name,
  defaultValue,
  errors,
  extra = [],
  autoFocus,
}: {
  label: string;
  id: string;
  name: string;
  defaultValue: string;
  errors?: string[];
  extra?: { value: string; label: string }[];
  autoFocus?: boolean;
}) {
  const t = useT();
  const [search, setSearch] = useState("");
  const [value, setValue] = useState(defaultValue);
  const zones = useMemo(() => timeZoneChoices(), []);
  const groups = groupedTimeZones(zones, search, value);
  const shown = groups.reduce((n, g) => n + g.zones.length, 0);
  return (
    <div className="space-y-2">
      <div>
        <label htmlFor={`${id}-search`} className="block text-sm font-medium text-slate-700">
          {t("timeZone.search")}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t("timeZone.placeholder")}
          autoComplete="off"
          aria-describedby={`${id}-count`}
          data-autofocus={autoFocus || undefined}
          className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 focus:outline-none focus:ring-inset sm:text-sm"
        />
        <p id={`${id}-count`} className="mt-1 text-xs text-slate-600" aria-live="polite">
          {search.trim() ? t("timeZone.matches", { count: shown }) : t("timeZone.all", { count: zones.length })}
        </p>
      </div>
      <FieldFrame id={id} label={label} errors={errors}>
        {(control, invalid) => (
          <select
            {...control}
            name={name}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            className={clsx(
              "mt-1 block w-full rounded-md border-0 bg-white py-2 pr-8 pl-3 text-slate-900 shadow-sm ring-1 ring-inset focus:ring-2 focus:ring-inset focus:outline-none sm:text-sm",
              invalid ? "ring-red-400 focus:ring-red-500" : "ring-slate-300 focus:ring-brand-500",
            )}
          >
            {extra.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
            {groups.map((group) => (
              <optgroup key={group.region} label={t("timeZone.region", { region: group.region })}>
                {group.zones.map((zone) => (
                  <option key={zone.value} value={zone.value}>
                    {zone.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        )}
      </FieldFrame>
    </div>
  );
}
