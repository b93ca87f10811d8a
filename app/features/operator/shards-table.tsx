import { useFetcher } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { Hidden } from "~/components/hidden-fields";
import type { MoveState } from "~/db/directory-schema";
import type { MoveView } from "~/domain/installation/moves.types";
import type { ShardView } from "~/domain/installation/shards.types";
import { useT, type MessageKey } from "~/lib/i18n/i18n";

interface Reply {
  status?: "success" | "error";
  error?: Record<string, string[] | null> | null;
}

const STATE_TEXT: Record<MoveState, MessageKey> = {
  preflight: "operator.moves.state.preflight",
  copying: "operator.moves.state.copying",
  catching_up: "operator.moves.state.catchingUp",
  holding: "operator.moves.state.holding",
  switched: "operator.moves.state.switched",
  draining: "operator.moves.state.draining",
  done: "operator.moves.state.done",
  aborting: "operator.moves.state.aborting",
  aborted: "operator.moves.state.aborted",
};

const CANCELLABLE = new Set<MoveState>(["preflight", "copying", "catching_up", "holding"]);

/**
 * The operator console's shards (issue 29 item 6, decision 0312): where firms live, each
 * shard's size and load from the hourly probe, and the firms the directory places on it.
 */
export function ShardsTable({ shards, moves }: { shards: ShardView[]; moves: MoveView[] }) {
  const t = useT();
  const measured = shards
    .map((shard) => shard.probedAt)
    .filter(Boolean)
    .sort()
    .at(-1);
  return (
    <section aria-labelledby="shards-heading" className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <h2 id="shards-heading" className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">
        {t("operator.shards.title")}{" "}
        <span className="font-normal text-slate-500">
          {measured ? t("operator.shards.measured", { time: measured.slice(0, 16).replace("T", " ") }) : t("operator.shards.notMeasured")}
        </span>
      </h2>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("operator.shards.region")}>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="text-xs text-slate-500">
              <th scope="col" className="px-4 py-2 font-medium">
                {t("operator.shards.shard")}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                {t("operator.shards.size")}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                {t("operator.shards.firms")}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                {t("operator.shards.people")}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                {t("operator.shards.updates")}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t("operator.shards.servedBy")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {shards.map((shard) => (
              <tr key={shard.id} className="align-top">
                <th scope="row" className="px-4 py-2 font-medium whitespace-nowrap text-slate-900">
                  {shard.id} <span className="font-mono text-xs font-normal text-slate-500">{shard.binding}</span>
                  {shard.firmList.length ? (
                    <details className="mt-1 font-normal">
                      <summary className="cursor-pointer text-xs text-brand-700">
                        {t("operator.shards.showFirms", { count: shard.firmList.length })}
                      </summary>
                      <ul className="mt-1 space-y-0.5 text-xs text-slate-700">
                        {shard.firmList.map((firm) => (
                          <li key={firm.companyId} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                            <span>
                              {firm.name} <span className="text-slate-500">({t("common.peopleCount", { count: firm.people })})</span>
                            </span>
                            {shards.length > 1 &&
                            !moves.some((move) => move.companyId === firm.companyId && !["done", "aborted"].includes(move.state)) ? (
                              <MoveForm companyId={firm.companyId} name={firm.name} from={shard.id} shards={shards} />
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    </details>
                  ) : null}
                </th>
                <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                  {shard.sizeBytes === null ? "–" : t("operator.shards.megabytes", { mb: (shard.sizeBytes / 1_000_000).toFixed(1) })}
                </td>
                <td className="px-2 py-2 text-right tabular-nums">{shard.firms}</td>
                <td className="px-2 py-2 text-right tabular-nums">{shard.people}</td>
                <td className="px-2 py-2 text-right tabular-nums">{shard.updatesLastHour ?? "–"}</td>
                <td className="px-4 py-2 text-slate-600">{shard.servedBy ?? t("operator.shards.notReported")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <MovesList moves={moves} />
    </section>
  );
}

/** Move one firm to another shard: the cron takes the steps (or "Step now" below). */
function MoveForm({ companyId, name, from, shards }: { companyId: string; name: string; from: number; shards: ShardView[] }) {
  const t = useT();
  const fetcher = useFetcher<Reply>();
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = reply?.status === "error" ? (reply.error?.[""]?.[0] ?? reply.error?.toShard?.[0] ?? reply.error?.companyId?.[0]) : undefined;
  const targets = shards.filter((shard) => shard.id !== from);
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-1">
      <Hidden values={{ intent: "startMove", companyId }} />
      <label className="sr-only" htmlFor={`move-${companyId}`}>
        {t("operator.moves.target", { name })}
      </label>
      <select
        id={`move-${companyId}`}
        name="toShard"
        className="rounded border border-slate-300 py-0.5 pr-6 pl-1 text-xs"
        defaultValue={targets[0]?.id}
      >
        {targets.map((shard) => (
          <option key={shard.id} value={shard.id}>
            {t("operator.moves.toShard", { shard: shard.id })}
          </option>
        ))}
      </select>
      <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"} className="px-2 py-0.5 text-xs">
        {t("operator.moves.move")}
        <span className="sr-only"> {name}</span>
      </Button>
      {/* On a line of its own under the controls; the row's header keeps its text on one line, a refusal wraps within a phone's width. */}
      {error ? (
        <div className="basis-full">
          <Alert message={error} className="mt-1 max-w-sm whitespace-normal" />
        </div>
      ) : null}
    </fetcher.Form>
  );
}

/** The moves under way and those finished in the last day: where each is, and the operator's Step now and Cancel. */
function MovesList({ moves }: { moves: MoveView[] }) {
  const t = useT();
  return (
    <div className="border-t border-slate-200 px-4 py-3">
      <h3 className="text-sm font-semibold text-slate-900">{t("operator.moves.title")}</h3>
      {moves.length ? (
        <ul className="mt-2 divide-y divide-slate-100">
          {moves.map((move) => (
            <MoveRow key={move.id} move={move} />
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-500">{t("operator.moves.none")}</p>
      )}
    </div>
  );
}

function MoveRow({ move }: { move: MoveView }) {
  const t = useT();
  const fetcher = useFetcher<Reply>();
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const refusal = reply?.status === "error" ? reply.error?.[""]?.[0] : undefined;
  const finished = move.state === "done" || move.state === "aborted";
  const name = move.firmName ?? move.companyId;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-2 text-sm">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {name} <span className="font-normal text-slate-600">{t("operator.moves.fromTo", { from: move.fromShard, to: move.toShard })}</span>
        </p>
        <p className="text-slate-600">
          {t(STATE_TEXT[move.state])}
          {move.state === "copying"
            ? ` · ${t("operator.moves.progress", { done: move.tablesDone, tables: move.tables, rows: move.rowsCopied })}`
            : null}
          {move.holdsTried ? ` · ${t("operator.moves.holdsTried", { count: move.holdsTried })}` : null}
          {move.state === "switched" && move.drainAfter
            ? ` · ${t("operator.moves.drainAfter", { time: move.drainAfter.slice(0, 16).replace("T", " ") })}`
            : null}
        </p>
        {move.error ? <p className="break-words text-amber-800">{move.error}</p> : null}
        <Alert message={refusal} className="mt-1" />
      </div>
      {finished ? null : (
        <div className="flex gap-2">
          <fetcher.Form method="post">
            <Hidden values={{ intent: "stepMove", id: move.id }} />
            <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"} className="px-3 py-1">
              {t("operator.moves.step")}
              <span className="sr-only"> {name}</span>
            </Button>
          </fetcher.Form>
          {CANCELLABLE.has(move.state) ? (
            <fetcher.Form method="post">
              <Hidden values={{ intent: "cancelMove", id: move.id }} />
              <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"} className="px-3 py-1">
                {t("operator.moves.cancel")}
                <span className="sr-only"> {name}</span>
              </Button>
            </fetcher.Form>
          ) : null}
        </div>
      )}
    </li>
  );
}
