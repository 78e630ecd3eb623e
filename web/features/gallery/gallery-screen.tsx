import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { clientRoutes } from "../../../contract/client-routes.ts";
import { galleryKinds, IMAGE_ZIP_MAX, type ImageRecord } from "../../../contract/images.ts";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { COMPARISONS_KEY } from "../../lib/comparisons-api.ts";
import { fetchModels, MODELS_KEY } from "../../lib/models-api.ts";
import { usePersonas } from "../../lib/personas-api.ts";
import { failedLast, type GalleryFilters, noFilters, recount, useImageList } from "../../lib/image-lists.ts";
import { downloadZip, GALLERY_PAGE_SIZE } from "./api.ts";
import { dateGroupOf } from "./date-groups.ts";
import { ComparisonsView } from "./comparisons-view.tsx";
import { GalleryFilterBar } from "./gallery-filters.tsx";
import { GalleryGrid } from "./gallery-grid.tsx";
import { ImageViewer } from "./image-viewer.tsx";
import { useUndoDelete } from "./use-undo-delete.tsx";
import { LoadFailed } from "../../components/ui/load-failed.tsx";
import { AskCommunity } from "../../components/community-poll/ask-community.tsx";
import { useCommunityPolls } from "../../components/community-poll/use-community-polls.ts";
import { COMMUNITY_POLL_MAX_IMAGES, COMMUNITY_POLL_MIN_IMAGES } from "../../../contract/community-polls.ts";
import { Icon } from "../../components/ui/icon.tsx";

const galleryIcon = "M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5M15 9h.01";

/** The filters live in the URL (?kind=&persona=&model=&q=), so a reload or a shared link shows the same view. */
function useFilterParams(): [GalleryFilters, (next: GalleryFilters) => void] {
  const [params, setParams] = useSearchParams();
  const kind = params.get("kind");
  const filters = useMemo<GalleryFilters>(
    () => ({
      kind: (galleryKinds as readonly string[]).includes(kind ?? "") ? (kind as GalleryFilters["kind"]) : "all",
      persona: params.get("persona") ?? "",
      model: params.get("model") ?? "",
      q: params.get("q") ?? "",
    }),
    [params, kind],
  );
  const set = useCallback(
    (next: GalleryFilters) => {
      const out = new URLSearchParams();
      if (next.kind !== "all") out.set("kind", next.kind);
      if (next.persona) out.set("persona", next.persona);
      if (next.model) out.set("model", next.model);
      if (next.q.trim()) out.set("q", next.q);
      setParams(out, { replace: true });
    },
    [setParams],
  );
  return [filters, set];
}

type GalleryView = "images" | "comparisons";

/** Images or comparisons (?view=comparisons), kept in the URL like the filters. */
function useViewParam(): [GalleryView, (next: GalleryView) => void] {
  const [params, setParams] = useSearchParams();
  const view: GalleryView = params.get("view") === "comparisons" ? "comparisons" : "images";
  const set = useCallback(
    (next: GalleryView) => {
      const out = new URLSearchParams(params);
      if (next === "comparisons") out.set("view", "comparisons");
      else out.delete("view");
      setParams(out, { replace: true });
    },
    [params, setParams],
  );
  return [view, set];
}

/** The two places of the gallery: every image, and the comparisons of models side by side. */
function ViewTabs({ view, onChange }: { view: GalleryView; onChange: (next: GalleryView) => void }) {
  const { t } = useTranslation("gallery");
  return (
    <div role="group" aria-label={t("views.label")} className="inline-flex gap-1 justify-self-start rounded-xl bg-surface-2 p-1" data-testid="gallery-views">
      {(["images", "comparisons"] as const).map((each) => (
        <button
          key={each}
          type="button"
          aria-pressed={view === each}
          onClick={() => onChange(each)}
          data-view={each}
          className={`min-h-10 rounded-lg px-4 text-sm font-semibold transition ${view === each ? "bg-surface text-fg shadow-sm" : "text-muted hover:text-fg"}`}
        >
          {t(`views.${each}`)}
        </button>
      ))}
    </div>
  );
}

function LoadingGrid() {
  const { t } = useTranslation("gallery");
  const widths = ["w-[34%]", "w-[19%]", "w-[26%]", "w-[24%]", "w-[30%]", "w-[40%]"];
  return (
    <div role="status" aria-label={t("states.loading")} className="grid gap-3" data-testid="gallery-loading">
      <Skeleton className="h-6 w-28" />
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex gap-2 sm:gap-3">
          {widths.slice(row, row + 3).map((w) => (
            <Skeleton key={w} className={`h-28 rounded-xl sm:h-48 ${w} grow`} />
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * /app/gallery: every image of the user, filtered, grouped by date, each opening in the fullscreen viewer. Live from
 * the image cache, which the app shell's realtime hook keeps (web/lib/use-image-live.ts).
 */
export function GalleryScreen({ userId }: { userId: string }) {
  const { t } = useTranslation("gallery");
  const { toast } = useToast();
  const [filters, setFilters] = useFilterParams();
  const [view, setView] = useViewParam();
  const queryClient = useQueryClient();
  const { hidden, request: requestDelete } = useUndoDelete();
  const [now] = useState(() => new Date());
  const [openId, setOpenId] = useState<string | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [zipping, setZipping] = useState(false);

  const { query, images: listed } = useImageList(userId, filters, GALLERY_PAGE_SIZE);
  const models = useQuery({ queryKey: MODELS_KEY, queryFn: fetchModels });
  const personas = usePersonas();
  const modelList = models.data?.models ?? [];
  const personaList = personas.data?.personas ?? [];

  // Failed images after the finished ones of their date group: a few failures never bury the day's thumbnails.
  const images = useMemo(() => failedLast(listed.filter((image) => !hidden.has(image.id)), (image) => dateGroupOf(new Date(image.createdAt), now).key), [listed, hidden, now]);
  // Images waiting out their undo window are already gone from the tabs' counts too.
  const counts = useMemo(() => {
    const served = query.data?.pages[0]?.counts;
    return listed.filter((image) => hidden.has(image.id)).reduce((counts, image) => recount(counts, image, -1), served);
  }, [query.data, listed, hidden]);
  const filtered = filters.kind !== "all" || Boolean(filters.persona || filters.model || filters.q.trim());
  const openIndex = openId ? images.findIndex((image) => image.id === openId) : -1;

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const toggle = useCallback((image: ImageRecord) => {
    setSelected((set) => {
      const next = new Set(set);
      if (next.has(image.id)) next.delete(image.id);
      else next.add(image.id);
      return next;
    });
  }, []);

  // Deleting closes the viewer (its Undo toast must be reachable, and a modal would shut it out) and focus lands
  // on the tile that takes the deleted one's place.
  const focusAfterClose = useRef<string | null>(null);
  function remove(image: ImageRecord) {
    const neighbour = images[openIndex + 1] ?? images[openIndex - 1];
    focusAfterClose.current = neighbour && neighbour.id !== image.id ? neighbour.id : null;
    setOpenId(null);
    requestDelete(image);
  }

  async function zip() {
    setZipping(true);
    try {
      await downloadZip([...selected]);
      setSelecting(false);
      setSelected(new Set());
    } catch {
      toast({ variant: "destructive", title: t("select.zipFailed") });
    } finally {
      setZipping(false);
    }
  }

  const tooMany = selected.size > IMAGE_ZIP_MAX;
  // Whether this account may post a poll is the same for every image: any finished one's list answers it.
  const probe = selecting ? images.find((image) => image.status === "ready") : undefined;
  const polls = useCommunityPolls(probe ? { imageId: probe.id } : null);
  const pollable = selected.size >= COMMUNITY_POLL_MIN_IMAGES && selected.size <= COMMUNITY_POLL_MAX_IMAGES;
  return (
    <main id="main" className="mx-auto grid w-full max-w-7xl content-start gap-5 px-3 py-6 pb-28 sm:px-5 sm:py-8">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-bold sm:text-3xl">{t("title")}</h1>
          <p className="text-muted">{t("subtitle")}</p>
        </div>
        {view === "images" && images.some((image) => image.status === "ready") && (
          <Button
            variant="secondary"
            size="sm"
            className="shrink-0"
            aria-pressed={selecting}
            onClick={() => {
              setSelecting((on) => !on);
              setSelected(new Set());
            }}
          >
            {selecting ? t("select.cancel") : t("select.start")}
          </Button>
        )}
      </div>
      <ViewTabs view={view} onChange={setView} />
      {view === "comparisons" ? (
        <ComparisonsView />
      ) : (
        <>
      <GalleryFilterBar filters={filters} onChange={setFilters} counts={counts} personas={personaList} models={modelList} />
      {query.isPending ? (
        <LoadingGrid />
      ) : query.isError ? (
        <LoadFailed data-testid="gallery-failed" message={t("states.failed")} retryLabel={t("states.retry")} onRetry={() => void query.refetch()} />
      ) : images.length === 0 && filtered ? (
        <EmptyState
          data-testid="gallery-filtered-empty"
          title={t("states.filteredTitle")}
          text={t("states.filteredBody")}
          action={
            <Button variant="secondary" size="sm" onClick={() => setFilters(noFilters)}>
              {t("filters.clear")}
            </Button>
          }
        />
      ) : images.length === 0 ? (
        <EmptyState
          data-testid="gallery-empty"
          icon={<Icon d={galleryIcon} className="size-9" />}
          title={t("states.emptyTitle")}
          text={t("states.emptyBody")}
          action={
            <Link to={clientRoutes.app} className={buttonClass({ size: "sm" })}>
              {t("states.emptyAction")}
            </Link>
          }
        />
      ) : (
        <GalleryGrid
          images={images}
          now={now}
          hasMore={Boolean(hasNextPage)}
          loadingMore={isFetchingNextPage}
          onLoadMore={loadMore}
          selecting={selecting}
          selected={selected}
          onOpen={(image) => setOpenId(image.id)}
          onToggle={toggle}
        />
      )}
        </>
      )}
      {selecting && (
        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-bg/95 backdrop-blur" data-testid="selection-bar">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-3 py-3 sm:px-5">
            <p className="text-sm font-semibold" role="status">
              {t("select.count", { count: selected.size })}
            </p>
            {tooMany && <p className="text-sm text-danger">{t("select.max", { count: IMAGE_ZIP_MAX })}</p>}
            {/* On phones a row of its own under Cancel and Download; before them from the small breakpoint up. */}
            <div className="order-last flex w-full items-center justify-end gap-2 empty:hidden sm:order-none sm:ml-auto sm:w-auto">
              <AskCommunity
                list={polls.data}
                request={{ kind: "images", imageIds: [...selected] }}
                disabledReason={pollable ? undefined : t("select.askHint")}
                size="sm"
                onPosted={() => {
                  setSelecting(false);
                  setSelected(new Set());
                  toast({ title: t("select.posted") });
                }}
              />
            </div>
            <div className="ml-auto flex gap-2 sm:ml-0">
              <Button variant="ghost" size="sm" onClick={() => (setSelecting(false), setSelected(new Set()))}>
                {t("select.cancel")}
              </Button>
              <Button size="sm" disabled={selected.size === 0 || tooMany} loading={zipping} onClick={() => void zip()}>
                {zipping ? t("select.zipping") : t("select.zip")}
              </Button>
            </div>
          </div>
        </div>
      )}
      {openIndex >= 0 && (
        <ImageViewer
          images={images}
          index={openIndex}
          onIndexChange={(index) => setOpenId(images[index]?.id ?? null)}
          onClose={() => setOpenId(null)}
          takeFocusTarget={() => {
            const id = focusAfterClose.current;
            focusAfterClose.current = null;
            return id;
          }}
          onDelete={remove}
          onShow={(made) => setOpenId(made.id)}
          onCompared={() => {
            // The new comparison is at the top of the Comparisons tab, its tiles filling in as each model finishes.
            setOpenId(null);
            void queryClient.invalidateQueries({ queryKey: COMPARISONS_KEY });
            setView("comparisons");
          }}
          models={modelList}
          personas={personaList}
        />
      )}
    </main>
  );
}
