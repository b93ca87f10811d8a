import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { useToast } from "~/components/toast";
import type { IntentResult } from "~/lib/page-form.types";
import { useT } from "~/lib/i18n/i18n";

/** The secret address of one's own calendar (decision 0177), to copy into Outlook, Google or Apple Calendar. */
export function CalendarFeed({ feedUrl }: { feedUrl: string | null }) {
  const renew = useFetcher<IntentResult>();
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const t = useT();
  const answer = renew.state === "idle" ? renew.data : undefined;
  useEffect(() => {
    if (answer?.ok && typeof answer.message === "string") toast(answer.message);
  }, [answer, toast]);
  async function copy() {
    if (!feedUrl) return;
    await navigator.clipboard.writeText(feedUrl).catch(() => undefined);
    setCopied(true);
    toast(t("settings.feed.copied"));
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{t("settings.feed.intro")}</p>
      {feedUrl ? <FeedAddress id="feed-url" label={t("settings.feed.address")} url={feedUrl} /> : null}
      {answer && !answer.ok ? <Alert message={answer.message} /> : null}
      <div className="flex flex-wrap gap-3">
        {feedUrl ? (
          <Button type="button" onClick={copy}>
            {copied ? t("settings.feed.copiedShort") : t("settings.feed.copy")}
          </Button>
        ) : null}
        <renew.Form method="post">
          <input type="hidden" name="intent" value="renewFeed" />
          <Button type="submit" variant={feedUrl ? "secondary" : "primary"} disabled={renew.state !== "idle"}>
            {feedUrl ? t("settings.feed.renew") : t("settings.feed.create")}
          </Button>
        </renew.Form>
      </div>
    </div>
  );
}

/** A calendar feed's secret address, read-only and selected whole on focus for copying. */
export function FeedAddress({ id, label, url }: { id: string; label: string; url: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 block w-full rounded-md border-0 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800 ring-1 ring-inset ring-slate-300"
      />
    </div>
  );
}
