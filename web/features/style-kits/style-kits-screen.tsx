import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ImageRecord, uploadTypes } from "../../../contract/images.ts";
import { KIT_NAME_MAX, MAX_KIT_IMAGES, type StyleKitRecord } from "../../../contract/style-kits.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { errorCodeOf } from "../../lib/api.ts";
import { noFilters, useImageList } from "../../lib/image-lists.ts";
import { createStyleKit, deleteStyleKit, renameStyleKit, styleKitsKey, useStyleKits } from "../../lib/style-kits-api.ts";
import { uploadImageFile } from "../../lib/upload-image.ts";

const inputClass = "h-12 w-full rounded-xl border border-border bg-surface px-3 text-base text-fg";
/** Gallery images offered to pick from: the newest ones, as many as a kit takes twice over. */
const GALLERY_PICKS = MAX_KIT_IMAGES * 2;

/** A picture chosen for the kit: an upload on its way, or a stored image (uploaded here or picked from the gallery). */
type Chosen = { key: string; status: "uploading" } | { key: string; status: "ready"; image: ImageRecord } | { key: string; status: "failed"; name: string };

/** The style kit screen (docs/product/style-kits.md): learn a kit from your thumbnails, then rename or delete kits. */
export function StyleKitsScreen({ userId }: { userId: string }) {
  const { t } = useTranslation("app");
  return (
    <main id="main" className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:gap-8 sm:px-5 sm:py-10">
      <header className="grid max-w-2xl gap-2">
        <h1 className="text-2xl font-black tracking-tight sm:text-3xl">{t("styleKits.title")}</h1>
        <p className="text-muted sm:text-lg">{t("styleKits.intro", { count: MAX_KIT_IMAGES })}</p>
      </header>
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,6fr)_minmax(0,5fr)] lg:gap-10">
        <KitMaker userId={userId} />
        <KitList />
      </div>
    </main>
  );
}

function KitMaker({ userId }: { userId: string }) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const gallery = useImageList(userId, noFilters, GALLERY_PICKS);
  const ready = chosen.flatMap((c) => (c.status === "ready" ? [c.image] : []));
  const full = chosen.length >= MAX_KIT_IMAGES;
  const [unsupported, setUnsupported] = useState<string[]>([]);
  const create = useMutation({
    mutationFn: () => createStyleKit(name.trim(), ready.map((image) => image.id)),
    onSuccess: async () => {
      setName("");
      setChosen([]);
      await queryClient.invalidateQueries({ queryKey: styleKitsKey });
    },
  });

  // One upload at a time: the server admits few uploads per account at once (rate_limited:upload_concurrency).
  async function add(files: File[]) {
    const room = MAX_KIT_IMAGES - chosen.length;
    const supported = files.filter((f) => (uploadTypes as readonly string[]).includes(f.type));
    // Files left out (not PNG, JPEG or WebP) are named, never dropped silently.
    setUnsupported(files.filter((f) => !supported.includes(f)).map((f) => f.name));
    const queued = supported.slice(0, room).map((file) => ({ file, key: `${file.name}-${crypto.randomUUID()}` }));
    setChosen((list) => [...list, ...queued.map(({ key }): Chosen => ({ key, status: "uploading" }))]);
    for (const { file, key } of queued) {
      const done: Chosen = await uploadImageFile("/api/upload-temp-image", file, "image").then(
        (image): Chosen => ({ key, status: "ready", image }),
        (): Chosen => ({ key, status: "failed", name: file.name }),
      );
      setChosen((list) => list.map((c) => (c.key === key ? done : c)));
    }
  }

  function toggle(image: ImageRecord) {
    setChosen((list) => (list.some((c) => c.key === image.id) ? list.filter((c) => c.key !== image.id) : list.length >= MAX_KIT_IMAGES ? list : [...list, { key: image.id, status: "ready", image }]));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() && ready.length > 0 && !create.isPending) create.mutate();
  }

  const picks = gallery.images.filter((image) => image.status === "ready" && image.urls);
  const error = create.error ? t(`styleKits.errors.${errorKey(errorCodeOf(create.error))}`) : null;
  const skipped = unsupported.length > 0 ? t("styleKits.unsupportedFiles", { count: unsupported.length, names: unsupported.join(", ") }) : null;
  return (
    <Card className="grid gap-5" data-testid="kit-maker">
      <h2 className="text-lg font-bold">{t("styleKits.newTitle")}</h2>
      <form noValidate onSubmit={submit} className="grid gap-5">
        <Field label={t("styleKits.nameLabel")}>
          {(control) => <input {...control} value={name} maxLength={KIT_NAME_MAX} onChange={(e) => setName(e.target.value)} className={inputClass} placeholder={t("styleKits.namePlaceholder")} data-testid="kit-name" />}
        </Field>
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-semibold">{t("styleKits.picturesLabel")}</p>
            <p className="text-sm text-muted tabular-nums" data-testid="kit-count">
              {t("styleKits.picturesCount", { count: chosen.length, max: MAX_KIT_IMAGES })}
            </p>
          </div>
          <input
            ref={fileInput}
            id={`${id}-files`}
            type="file"
            multiple
            accept={uploadTypes.join(",")}
            className="sr-only"
            tabIndex={-1}
            aria-label={t("styleKits.upload")}
            data-testid="kit-files"
            onChange={(e) => {
              void add([...(e.target.files ?? [])]);
              e.target.value = "";
            }}
          />
          <Button variant="secondary" size="md" onClick={() => fileInput.current?.click()} disabled={full || create.isPending}>
            {t("styleKits.upload")}
          </Button>
          {chosen.length > 0 && (
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" data-testid="kit-chosen">
              {chosen.map((c) => (
                <li key={c.key} className="relative aspect-video overflow-hidden rounded-lg border border-border bg-surface-2">
                  {c.status === "ready" && c.image.urls && <img src={c.image.urls.thumb} alt="" className="size-full object-cover" />}
                  {c.status === "uploading" && <span className="grid size-full place-items-center text-xs text-muted">{t("styleKits.uploading")}</span>}
                  {c.status === "failed" && <span className="grid size-full place-items-center p-1 text-center text-xs text-danger">{t("styleKits.uploadFailed")}</span>}
                  <button
                    type="button"
                    onClick={() => setChosen((list) => list.filter((x) => x.key !== c.key))}
                    className="absolute top-1 right-1 grid size-6 place-items-center rounded-full bg-black/70 text-xs text-white"
                    aria-label={t("styleKits.remove")}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {picks.length > 0 && (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-semibold">{t("styleKits.fromGallery")}</legend>
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
              {picks.map((image) => {
                const on = chosen.some((c) => c.key === image.id);
                return (
                  <label key={image.id} className="relative aspect-video cursor-pointer overflow-hidden rounded-lg border-2 border-transparent has-[:checked]:border-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring" data-testid={`kit-pick-${image.id}`}>
                    <input type="checkbox" className="sr-only" checked={on} disabled={!on && full} onChange={() => toggle(image)} aria-label={image.prompt ?? t("styleKits.galleryImage")} />
                    <img src={image.urls?.thumb} alt="" className="size-full object-cover" />
                  </label>
                );
              })}
            </div>
          </fieldset>
        )}
        {skipped && (
          <p role="alert" className="text-sm font-medium text-danger" data-testid="kit-unsupported">
            {skipped}
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        )}
        <div className="grid gap-2">
          <Button type="submit" size="lg" loading={create.isPending} disabled={!name.trim() || ready.length === 0 || chosen.some((c) => c.status === "uploading")} data-testid="kit-learn">
            {create.isPending ? t("styleKits.learning") : t("styleKits.learn")}
          </Button>
          <p className="text-xs text-muted">{t("styleKits.learnHint")}</p>
        </div>
      </form>
    </Card>
  );
}

function errorKey(code: string | undefined): "limit" | "images" | "busy" | "serverBusy" | "generic" {
  if (code === "conflict:style_kit_limit") return "limit";
  if (code === "unavailable:style_kit_busy") return "serverBusy";
  if (code === "unprocessable:style_kit_images" || code === "not_found:image") return "images";
  if (code?.startsWith("rate_limited:")) return "busy";
  return "generic";
}

export function KitList() {
  const { t } = useTranslation("app");
  const kits = useStyleKits();
  return (
    <section className="grid gap-4" aria-labelledby="kits-heading">
      <h2 id="kits-heading" className="text-lg font-bold">
        {t("styleKits.yourKits")}
      </h2>
      {kits.isPending && (
        <p role="status" className="text-sm text-muted" data-testid="kit-list-loading">
          {t("styleKits.loading")}
        </p>
      )}
      {kits.isError && (
        <div role="alert" className="grid justify-items-start gap-2 text-sm font-medium text-danger" data-testid="kit-list-error">
          <p>{t("styleKits.loadFailed")}</p>
          <Button variant="secondary" size="sm" onClick={() => void kits.refetch()}>
            {t("styleKits.retry")}
          </Button>
        </div>
      )}
      {kits.data?.length === 0 && <EmptyState title={t("styleKits.emptyTitle")} text={t("styleKits.emptyBody")} />}
      <ul className="grid gap-4" data-testid="kit-list">
        {kits.data?.map((kit) => (
          <li key={kit.id}>
            <KitCard kit={kit} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One kit: its palette, a sample of its headline, what it learned, and rename and delete. */
export function KitCard({ kit }: { kit: StyleKitRecord }) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(kit.name);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: styleKitsKey });
  const rename = useMutation({ mutationFn: () => renameStyleKit(kit.id, name.trim()), onSuccess: async () => { setRenaming(false); await refresh(); } });
  const remove = useMutation({ mutationFn: () => deleteStyleKit(kit.id), onSuccess: async () => { setConfirming(false); await refresh(); } });
  const k = kit.kit;
  const sample = k.headline.case === "upper" ? t("styleKits.sample").toLocaleUpperCase() : t("styleKits.sample");
  const stroke = k.outline ?? "transparent";
  return (
    <Card className="grid gap-4" data-testid={`kit-${kit.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        {renaming ? (
          <form
            className="flex min-w-0 grow flex-wrap gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (name.trim()) rename.mutate();
            }}
          >
            <input value={name} maxLength={KIT_NAME_MAX} onChange={(e) => setName(e.target.value)} className={`${inputClass} min-w-0 grow basis-40`} aria-label={t("styleKits.nameLabel")} data-testid="kit-rename-input" />
            <Button type="submit" size="sm" loading={rename.isPending} disabled={!name.trim()}>
              {t("styleKits.save")}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => { setRenaming(false); setName(kit.name); }}>
              {t("styleKits.cancel")}
            </Button>
          </form>
        ) : (
          <h3 className="min-w-0 text-base font-bold break-words" data-testid="kit-name-shown">
            {kit.name}
          </h3>
        )}
        {!renaming && (
          <div className="flex gap-1">
            <Button variant="ghost" size="xs" onClick={() => setRenaming(true)}>
              {t("styleKits.rename")}
            </Button>
            <Button variant="ghost" size="xs" onClick={() => setConfirming(true)}>
              {t("styleKits.delete")}
            </Button>
          </div>
        )}
      </div>
      <div
        className="relative grid aspect-video overflow-hidden rounded-xl"
        style={{ background: `linear-gradient(135deg, ${k.palette[0]?.color ?? "#000"} 0 60%, ${k.palette[1]?.color ?? k.palette[0]?.color ?? "#000"} 60% 100%)` }}
        aria-hidden="true"
      >
        <span
          className={`absolute top-1/2 max-w-[60%] -translate-y-1/2 px-4 text-2xl leading-none sm:text-3xl ${k.side === "right" ? "right-0 text-right" : k.side === "center" ? "left-1/2 -translate-x-1/2 text-center" : "left-0"} ${k.headline.weight === "heavy" ? "font-black" : "font-semibold"} ${k.font === "abril" ? "font-serif" : ""}`}
          style={{
            color: k.text,
            WebkitTextStroke: k.headline.outline ? `2px ${stroke}` : undefined,
            paintOrder: "stroke fill",
            textShadow: k.headline.shadow ? `3px 4px 0 ${stroke}` : undefined,
          }}
        >
          {sample}
        </span>
      </div>
      <ul className="flex h-6 overflow-hidden rounded-md" aria-label={t("styleKits.palette")}>
        {k.palette.map((swatch) => (
          <li key={swatch.color} title={swatch.color} style={{ backgroundColor: swatch.color, flexGrow: Math.max(0.04, swatch.share) }} />
        ))}
      </ul>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">{t("styleKits.facts.side")}</dt>
        <dd className="font-semibold">{t(`styleKits.sides.${k.side}`)}</dd>
        <dt className="text-muted">{t("styleKits.facts.faces")}</dt>
        <dd className="font-semibold tabular-nums">{Math.round(k.faceShare * 100)}%</dd>
        <dt className="text-muted">{t("styleKits.facts.font")}</dt>
        <dd className="font-semibold">{k.font === "abril" ? "Abril Fatface" : "Anton"}</dd>
        <dt className="text-muted">{t("styleKits.facts.headline")}</dt>
        <dd className="font-semibold">
          {[
            t(`styleKits.case.${k.headline.case}`),
            t(`styleKits.weight.${k.headline.weight}`),
            k.headline.outline ? t("styleKits.outline") : null,
            k.headline.shadow ? t("styleKits.shadow") : null,
            k.headline.highlight ? t("styleKits.highlight") : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </dd>
        <dt className="text-muted">{t("styleKits.facts.look")}</dt>
        <dd className="font-semibold">{t(`studio.styles.${k.baseStyle}.label`)}</dd>
        <dt className="text-muted">{t("styleKits.facts.learnedFrom")}</dt>
        <dd className="font-semibold tabular-nums">{t("styleKits.pictures", { count: kit.sourceImageIds.length })}</dd>
      </dl>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("styleKits.deleteTitle", { name: kit.name })}
        description={t("styleKits.deleteBody")}
        confirmLabel={t("styleKits.delete")}
        cancelLabel={t("styleKits.cancel")}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
      {(rename.isError || remove.isError) && (
        <p role="alert" className="text-sm font-medium text-danger" data-testid="kit-card-error">
          {rename.isError ? t("styleKits.renameFailed") : t("styleKits.deleteFailed")}
        </p>
      )}
    </Card>
  );
}
