import { useFetcher } from "@remix-run/react";
import { lazy, Suspense, useEffect } from "react";
import { Modal } from "~/components/dialog";
import type { UserCard } from "~/domain/users/user-card.types";
import { useT } from "~/lib/i18n/i18n";

// The card's contents load when a card first opens, alongside its data (decision 0292).
const loadBody = () => import("./user-card-body");
const CardBody = lazy(() => loadBody().then((module) => ({ default: module.CardBody })));

export interface CardPreview {
  _id: string;
  name: string;
  title: string;
  profilePicture: string | null;
}

/**
 * The user detail card: opened from the overview, it loads the person's card data and keeps
 * it live (the company room's revalidation refreshes loaded fetchers too). Escape, the
 * close button or a click outside close it, and focus goes back to the card that opened it.
 */
export function UserDetailModal({ person, open, onClose }: { person: CardPreview | null; open: boolean; onClose: () => void }) {
  const fetcher = useFetcher<UserCard>();
  const { load } = fetcher;
  const id = person?._id;
  useEffect(() => {
    if (!open || !id) return;
    load(`/resources/user-card/${id}`);
    loadBody().catch(() => undefined);
  }, [open, id, load]);
  const card = fetcher.data && fetcher.data.user._id === id ? fetcher.data : null;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={<span data-testid="user-card-title">{person?.name}</span>}
      description={person?.title || undefined}
      panelClassName="max-w-3xl"
    >
      {/* Focus starts on the card itself, not on its first link; Tab moves on from there. */}
      <div tabIndex={-1} data-autofocus className="outline-none">
        {!person ? null : !card ? (
          <Loading />
        ) : (
          <Suspense fallback={<Loading />}>
            <CardBody card={card} />
          </Suspense>
        )}
      </div>
    </Modal>
  );
}

function Loading() {
  const t = useT();
  return (
    <p className="py-8 text-center text-sm text-slate-500" role="status">
      {t("common.loading")}
    </p>
  );
}
