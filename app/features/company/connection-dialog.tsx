import type { FetcherWithComponents } from "@remix-run/react";
import { Fragment, useCallback, useState, type ComponentProps, type ReactNode } from "react";
import { Button } from "~/components/button";
import { Modal } from "~/components/dialog";
import { Field } from "~/components/field";
import { useMoments } from "~/lib/format";
import { useT, type Translate } from "~/lib/i18n/i18n";

/**
 * The frame every company connection uses (the mail server, SSO, Elite 3E, the CV service,
 * the Microsoft directory): a button on /groups that opens a titled dialog, how the
 * connection stands as a list of terms, and write-only secrets. What each connection asks
 * and answers stays in its own form.
 */
export function ConnectionDialog({
  label,
  title,
  description,
  primary = false,
  panelClassName,
  children,
}: {
  /** The button's text on the page. */
  label: string;
  title: string;
  description?: string;
  /** The page's main action (a secondary button otherwise). */
  primary?: boolean;
  /** Width of the dialog, e.g. "max-w-xl" for a long list. */
  panelClassName?: string;
  /** The dialog's content; it mounts when the dialog opens, so a form starts fresh each time. */
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <Button variant={primary ? "primary" : "secondary"} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal open={open} onClose={close} title={title} description={description} panelClassName={panelClassName}>
        {children(close)}
      </Modal>
    </>
  );
}

export type When = (iso: string | null) => string;

/**
 * A moment of a connection's history in the reader's locale and zone (issue 27, item 20), or
 * "never": not en-GB in the server's UTC, which the browser then re-rendered in its own zone.
 */
export function useWhen(): When {
  const { moment } = useMoments();
  const t = useT();
  return (iso) => (iso ? moment(iso) : t("connection.never"));
}

export interface StatusRow {
  term: string;
  value: ReactNode;
  /** Shown in red: the last attempt failed. */
  failed?: boolean;
}

/** How a connection stands, one term a row; a null row is left out. */
export function ConnectionStatus({ testId, rows }: { testId: string; rows: (StatusRow | null)[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm" data-testid={testId}>
      {rows.map((row) =>
        row ? (
          <Fragment key={row.term}>
            <dt className="text-slate-600">{row.term}</dt>
            <dd className={row.failed ? "text-red-700" : "text-slate-900"}>{row.value}</dd>
          </Fragment>
        ) : null,
      )}
    </dl>
  );
}

/**
 * An import's last error (when the last attempt failed) and when it runs next: at the retry
 * time after a failure, else with the next scheduled run, or `off` while not connected.
 */
export function retryRows(
  state: { connected: boolean; lastError: string | null; lastErrorAt: string | null; failures: number; nextAttemptAt: string | null },
  next: { term: string; off: string },
  when: When,
  t: Translate,
): (StatusRow | null)[] {
  return [
    state.lastError
      ? {
          term: t("connection.lastError"),
          value: t("connection.lastErrorValue", { error: state.lastError, when: when(state.lastErrorAt), count: state.failures }),
          failed: true,
        }
      : null,
    {
      term: next.term,
      value: state.connected ? (state.nextAttemptAt ? when(state.nextAttemptAt) : t("connection.nextScheduled")) : next.off,
    },
  ];
}

/**
 * A write-only secret (a password, a client secret, an API key): never sent back, so it
 * starts empty and says "Unchanged" while one is saved; left empty, the saved one is kept.
 */
export function SecretField({ saved, ...field }: ComponentProps<typeof Field> & { saved: boolean }) {
  const t = useT();
  return <Field autoComplete="new-password" placeholder={saved ? t("connection.unchanged") : ""} {...field} type="password" />;
}

/**
 * A button that posts one intent of the page through its own fetcher (a test e-mail, an
 * import, a disconnect) and says what it does while that runs.
 */
export function IntentButton({
  fetcher,
  intent,
  label,
  busyLabel,
  disabled = false,
}: {
  fetcher: FetcherWithComponents<unknown>;
  intent: string;
  label: string;
  busyLabel: string;
  disabled?: boolean;
}) {
  const busy = fetcher.state !== "idle";
  return (
    <Button variant="secondary" disabled={disabled || busy} onClick={() => fetcher.submit({ intent }, { method: "post" })}>
      {busy ? busyLabel : label}
    </Button>
  );
}
