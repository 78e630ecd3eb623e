import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Share, type ShareExpiry, shareExpiries, type ShareKind } from "../../../contract/shares.ts";
import { createShare, listShares, revokeShare, sharesQueryKey } from "../../lib/shares-api.ts";
import { useSocketEvent } from "../../lib/socket-context.tsx";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";

export interface ShareDialogProps {
  kind: ShareKind;
  targetId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
}

/** The link as the browser shows it: this site's origin and the page's path. */
const absolute = (path: string) => new URL(path, window.location.origin).href;

function useDate() {
  const { i18n } = useTranslation();
  return (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** One link's votes: each choice's total, and where they came from. */
function Tally({ share }: { share: Share }) {
  const { t } = useTranslation("app");
  if (share.tally.length === 0) return null;
  const total = share.tally.reduce((sum, row) => sum + row.total, 0);
  return (
    <div className="grid gap-1.5" data-testid="share-tally">
      <p className="text-xs font-semibold text-muted">{t("share.votes", { count: total })}</p>
      <ul className="grid gap-1.5">
        {share.tally.map((row) => (
          <li key={row.imageId} className="grid grid-cols-[1.5rem_1fr_auto] items-center gap-2 text-sm" data-testid={`share-tally-${row.label}`}>
            <span className="font-bold">{row.label}</span>
            <span className="h-2 overflow-hidden rounded-full bg-surface-2" aria-hidden="true">
              <span className="block h-full rounded-full bg-primary" style={{ width: `${total ? Math.round((row.total / total) * 100) : 0}%` }} />
            </span>
            <span className="text-right tabular-nums">
              <span className="font-semibold">{row.total}</span>{" "}
              <span className="text-xs text-muted">{t("share.bySource", { web: row.web, discord: row.discord })}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ShareRow({ share, onRevoke, revoking }: { share: Share; onRevoke: () => void; revoking: boolean }) {
  const { t } = useTranslation("app");
  const date = useDate();
  const status =
    share.status === "revoked"
      ? t("share.status.revoked")
      : share.status === "expired"
        ? t("share.status.expired")
        : share.expiresAt
          ? t("share.status.expires", { date: date(share.expiresAt) })
          : t("share.status.never");
  return (
    <li className="grid gap-3 rounded-2xl border border-border p-4" data-testid="share-link" data-status={share.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-semibold">{t("share.created", { date: date(share.createdAt) })}</p>
          <p className={`text-xs ${share.status === "active" ? "text-muted" : "text-danger"}`}>{status}</p>
        </div>
        {share.status === "active" && (
          <Button variant="secondary" size="xs" loading={revoking} onClick={onRevoke} data-testid="share-revoke">
            {t("share.revoke")}
          </Button>
        )}
      </div>
      <Tally share={share} />
    </li>
  );
}

/**
 * The Share dialog (docs/product/sharing.md): make a read-only link, copy it (shown once: only its hash is kept),
 * revoke it, and watch the votes of a pack's or comparison's link arrive live (`share:votes`).
 */
export function ShareDialog({ kind, targetId, open, onOpenChange, trigger }: ShareDialogProps) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const key = sharesQueryKey(kind, targetId);
  const expiryId = useId();
  const linkId = useId();
  const [expiry, setExpiry] = useState<ShareExpiry>("7d");
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<string | null>(null);

  const shares = useQuery({ queryKey: key, queryFn: () => listShares(kind, targetId), enabled: open });
  useSocketEvent("share:votes", (payload) => {
    if (payload.targetId !== targetId) return;
    queryClient.setQueryData<Share[]>(key, (old) => old?.map((share) => (share.id === payload.shareId ? { ...share, tally: payload.tally } : share)));
  });

  const create = useMutation({
    mutationFn: () => createShare(kind, targetId, expiry),
    onSuccess: ({ share, path }) => {
      setLink(absolute(path));
      setCopied(false);
      queryClient.setQueryData<Share[]>(key, (old) => [share, ...(old ?? [])]);
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => revokeShare(id),
    onMutate: (id) => setRevoking(id),
    onSettled: () => setRevoking(null),
    onSuccess: (share) => queryClient.setQueryData<Share[]>(key, (old) => old?.map((s) => (s.id === share.id ? share : s))),
  });

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, or denied): the field is selected for the visitor to copy.
      (document.getElementById(linkId) as HTMLInputElement | null)?.select();
    }
  }

  const list = shares.data ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setLink(null);
        onOpenChange(next);
      }}
      trigger={trigger}
      title={t("share.title")}
      description={t(`share.description.${kind}`)}
      className="sm:max-w-lg"
    >
      <div className="grid gap-3">
        <div className="grid gap-1.5">
          <label htmlFor={expiryId} className="text-sm font-semibold">
            {t("share.expiry.label")}
          </label>
          <div className="flex flex-wrap gap-2">
            <select
              id={expiryId}
              value={expiry}
              onChange={(event) => setExpiry(event.target.value as ShareExpiry)}
              className="h-10 min-w-0 flex-1 rounded-xl border border-border bg-surface px-3 text-sm text-fg"
              data-testid="share-expiry"
            >
              {shareExpiries.map((option) => (
                <option key={option} value={option}>
                  {t(`share.expiry.${option}`)}
                </option>
              ))}
            </select>
            <Button size="sm" loading={create.isPending} onClick={() => create.mutate()} data-testid="share-create">
              {t("share.create")}
            </Button>
          </div>
        </div>
        {create.isError && (
          <p role="alert" className="text-sm text-danger">
            {t("share.error")}
          </p>
        )}
        {link && (
          <div className="grid gap-1.5 rounded-2xl bg-surface-2 p-3">
            <label htmlFor={linkId} className="text-sm font-semibold">
              {t("share.link")}
            </label>
            <div className="flex gap-2">
              <input
                id={linkId}
                readOnly
                value={link}
                onFocus={(event) => event.currentTarget.select()}
                className="h-10 min-w-0 flex-1 rounded-xl border border-border bg-surface px-3 text-sm text-fg"
                data-testid="share-url"
              />
              <Button variant="secondary" size="sm" onClick={() => void copy()} data-testid="share-copy">
                {copied ? t("share.copied") : t("share.copy")}
              </Button>
            </div>
            <p className="text-xs text-muted">{t("share.onlyOnce")}</p>
          </div>
        )}
      </div>
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">{t("share.links")}</h3>
        {shares.isPending ? (
          <p className="text-sm text-muted">{t("common:loading")}</p>
        ) : shares.isError ? (
          <p role="alert" className="text-sm text-danger">
            {t("share.error")}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted">{t("share.none")}</p>
        ) : (
          <ul className="grid gap-2">
            {list.map((share) => (
              <ShareRow key={share.id} share={share} revoking={revoking === share.id} onRevoke={() => revoke.mutate(share.id)} />
            ))}
          </ul>
        )}
        {revoke.isError && (
          <p role="alert" className="text-sm text-danger">
            {t("share.error")}
          </p>
        )}
      </div>
    </Dialog>
  );
}
