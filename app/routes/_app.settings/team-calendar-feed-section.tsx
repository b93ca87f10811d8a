import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { useToast } from "~/components/toast";
import type { IntentResult } from "~/lib/page-form.types";
import { useT } from "~/lib/i18n/i18n";
import { FeedAddress } from "./calendar-feed-section";

/** The admin's team feed, if made, and the offices and groups it may cover. */
export interface TeamFeed {
  feed: { url: string; officeIds: string[]; groupIds: string[] } | null;
  offices: { id: string; name: string }[];
  groups: { id: string; name: string }[];
}

/**
 * Administrators' secret team calendar (decision 0198): the forecasts and leave of the people
 * of the chosen offices and groups, as the statistics filter offers them.
 */
export function TeamCalendarFeed({ teamFeed }: { teamFeed: TeamFeed | null }) {
  const renew = useFetcher<IntentResult>();
  const toast = useToast();
  const t = useT();
  const answer = renew.state === "idle" ? renew.data : undefined;
  useEffect(() => {
    if (answer?.ok && typeof answer.message === "string") toast(answer.message);
  }, [answer, toast]);
  if (!teamFeed) return null;
  const { feed, offices, groups } = teamFeed;
  const url = feed?.url ?? null;
  const errors = answer && !answer.ok ? answer.errors : undefined;
  async function copy() {
    if (!url) return;
    await navigator.clipboard.writeText(url).catch(() => undefined);
    toast(t("settings.teamFeed.copied"));
  }
  const choices = (legend: string, name: "offices" | "groups", options: { id: string; name: string }[], chosen: string[] | undefined) => (
    <fieldset className="min-w-0" aria-describedby={errors?.[name] ? `team-feed-${name}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.id} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name={name}
              value={option.id}
              defaultChecked={chosen ? chosen.includes(option.id) : true}
              className="h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
            />
            <span className="min-w-0 break-words">{option.name}</span>
          </label>
        ))}
      </div>
      {errors?.[name] ? (
        <p id={`team-feed-${name}-error`} className="mt-1 text-sm text-red-700">
          {errors[name]}
        </p>
      ) : null}
    </fieldset>
  );
  const officeChoices = choices(t("settings.teamFeed.offices"), "offices", offices, feed?.officeIds);
  const groupChoices = choices(t("settings.teamFeed.groups"), "groups", groups, feed?.groupIds);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{t("settings.teamFeed.intro")}</p>
      {url ? <FeedAddress id="team-feed-url" label={t("settings.teamFeed.address")} url={url} /> : null}
      <renew.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="renewTeamFeed" />
        <div className="grid gap-4 sm:grid-cols-2">
          {officeChoices}
          {groupChoices}
        </div>
        {answer && !answer.ok ? <Alert message={answer.message} /> : null}
        <div className="flex flex-wrap gap-3">
          {url ? (
            <Button type="button" onClick={copy}>
              {t("settings.teamFeed.copy")}
            </Button>
          ) : null}
          <Button type="submit" variant={url ? "secondary" : "primary"} disabled={renew.state !== "idle"}>
            {url ? t("settings.teamFeed.renew") : t("settings.teamFeed.create")}
          </Button>
        </div>
      </renew.Form>
    </div>
  );
}
