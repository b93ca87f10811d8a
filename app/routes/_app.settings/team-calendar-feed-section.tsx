import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { useToast } from "~/components/toast";
import type { IntentResult } from "~/lib/page-form.types";
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
    toast("Team calendar address copied");
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
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Subscribe to the forecasts and leave of the people in these offices and groups. Anyone with the address can read it: keep it to yourself, and
        make a new one if it got out (the old one stops working). A new address also takes the offices and groups chosen here.
      </p>
      {url ? <FeedAddress id="team-feed-url" label="Team calendar address" url={url} /> : null}
      <renew.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="renewTeamFeed" />
        <div className="grid gap-4 sm:grid-cols-2">
          {choices("Offices", "offices", offices, feed?.officeIds)}
          {choices("Groups", "groups", groups, feed?.groupIds)}
        </div>
        {answer && !answer.ok ? <Alert message={answer.message} /> : null}
        <div className="flex flex-wrap gap-3">
          {url ? (
            <Button type="button" onClick={copy}>
              Copy team address
            </Button>
          ) : null}
          <Button type="submit" variant={url ? "secondary" : "primary"} disabled={renew.state !== "idle"}>
            {url ? "New secret team address" : "Create team calendar address"}
          </Button>
        </div>
      </renew.Form>
    </div>
  );
}
