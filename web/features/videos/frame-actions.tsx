import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DEFAULT_STYLE, type ImageRecord, type ImageStyle } from "../../../contract/images.ts";
import { personaRoles, type PersonaRole } from "../../../contract/personas.ts";
import { formatTimecode } from "../../../contract/videos.ts";
import { PersonaPickList } from "../../components/studio/persona-pick-list.tsx";
import { StylePicker } from "../../components/studio/pickers.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { Link } from "react-router";
import { clientRoutes } from "../../../contract/client-routes.ts";
import { idempotencyMessageKey } from "../../lib/api.ts";
import { personaDraftHref } from "../../lib/app-links.ts";
import { useImage } from "../../lib/image-cache.ts";
import { usePersonas } from "../../lib/personas-api.ts";
import { videoRequestErrorMessage } from "../../lib/video-error-message.ts";
import { personaFromFrame, swapIntoFrame, thumbnailFromFrame, useFrameResult } from "../../lib/videos-api.ts";
import { FrameResult } from "./frame-result.tsx";

type Action = "thumbnail" | "persona" | "swap";
const actions: readonly Action[] = ["thumbnail", "persona", "swap"];
const isAction = (value: string): value is Action => (actions as readonly string[]).includes(value);

/**
 * The picked frame: cut out by a worker (pending → ready through the image cache), then shown with what it can
 * become: a thumbnail (headline and style, on the Studio), a persona (the draft opens on the Persona view) or the
 * scene a persona is swapped into.
 */
export function FrameActions({ frame, timeMs, onClose }: { frame: ImageRecord; timeMs: number; onClose: () => void }) {
  const { t } = useTranslation("videos");
  const image = useImage(frame);
  const [action, setAction] = useState<Action>("thumbnail");
  const [result, setResult] = useState<ImageRecord | null>(null);
  const timecode = formatTimecode(timeMs);
  const panel = useRef<HTMLElement>(null);
  // Picked from the timeline at the foot of a phone's screen, the panel opens above: it comes into view. A block
  // body: newer browsers answer scrollIntoView with a promise, which React would take for the effect's cleanup.
  useEffect(() => {
    void panel.current?.scrollIntoView?.({ behavior: "smooth", block: "start" });
  }, []);

  return (
    <section ref={panel} aria-labelledby="frame-actions-title" className="grid scroll-mt-20 gap-4 rounded-3xl border border-border bg-surface p-4 shadow-sm sm:p-6" data-testid="frame-actions">
      <div className="flex items-start justify-between gap-3">
        <h3 id="frame-actions-title" className="text-lg font-bold">
          {t("actions.title", { timecode })}
        </h3>
        <Button variant="ghost" size="xs" onClick={onClose}>
          {t("actions.close")}
        </Button>
      </div>
      <div className="grid gap-4 md:grid-cols-[minmax(0,24rem)_1fr]">
        <div className="self-start overflow-hidden rounded-2xl border border-border bg-surface-2">
          {image.status === "ready" && image.urls ? (
            <img src={image.urls.preview} alt={t("actions.frameAlt", { timecode })} className="aspect-video w-full object-cover" />
          ) : (
            <div className="grid aspect-video place-items-center p-4 text-center text-sm text-muted" role="status">
              {image.status === "failed" ? t("actions.frameFailed") : t("actions.cutting", { timecode })}
            </div>
          )}
        </div>
        {image.status === "ready" && (
          <div className="grid content-start gap-4">
            <Tabs
              value={action}
              onValueChange={(value) => {
                if (!isAction(value)) return;
                setAction(value);
                setResult(null);
              }}
              className="grid gap-4"
            >
              {/* Three equal tabs in one row at any width: a label that does not fit (a phone, the column beside the
                  frame from 768 px) wraps to a second line inside its tab rather than stacking the tabs. */}
              <TabsList aria-label={t("actions.label")}>
                {actions.map((name) => (
                  <TabsTrigger key={name} value={name} className="h-auto! min-h-10 basis-0 py-1.5 leading-tight">
                    {t(`actions.${name}.tab`)}
                  </TabsTrigger>
                ))}
              </TabsList>
              {actions.map((name) => (
                <TabsContent key={name} value={name}>
                  {result ? (
                    <FrameResult image={result} onAgain={() => setResult(null)} />
                  ) : name === "thumbnail" ? (
                    <ThumbnailForm frameId={image.id} onStarted={setResult} />
                  ) : name === "persona" ? (
                    <PersonaForm frameId={image.id} />
                  ) : (
                    <SwapForm frameId={image.id} onStarted={setResult} />
                  )}
                </TabsContent>
              ))}
            </Tabs>
          </div>
        )}
      </div>
    </section>
  );
}

function useStartError() {
  const { t } = useTranslation("videos");
  const { t: tCommon } = useTranslation("common");
  return (err: unknown): string => {
    const idempotency = idempotencyMessageKey(err);
    return idempotency ? tCommon(idempotency) : videoRequestErrorMessage(t, err);
  };
}

function ThumbnailForm({ frameId, onStarted }: { frameId: string; onStarted: (image: ImageRecord) => void }) {
  const { t } = useTranslation("videos");
  const receive = useFrameResult();
  const errorText = useStartError();
  const [headline, setHeadline] = useState("");
  const [style, setStyle] = useState<ImageStyle>(DEFAULT_STYLE);
  const start = useMutation({
    mutationFn: () => thumbnailFromFrame(frameId, headline.trim(), style),
    onSuccess: (image) => {
      receive(image);
      onStarted(image);
    },
  });
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (headline.trim()) start.mutate();
  }
  return (
    <form onSubmit={onSubmit} className="grid gap-3">
      <label className="grid gap-1 text-sm">
        <span className="font-medium">{t("actions.thumbnail.headline")}</span>
        <input
          value={headline}
          onChange={(event) => setHeadline(event.target.value)}
          maxLength={200}
          required
          placeholder={t("actions.thumbnail.placeholder")}
          className="h-11 rounded-xl border border-border bg-surface px-3"
        />
      </label>
      <StylePicker value={style} onChange={setStyle} disabled={start.isPending} />
      <Button type="submit" size="md" loading={start.isPending} disabled={!headline.trim()}>
        {t("actions.thumbnail.start")}
      </Button>
      <p className="text-xs text-muted">{t("actions.thumbnail.hint")}</p>
      {start.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorText(start.error)}
        </p>
      )}
    </form>
  );
}

function PersonaForm({ frameId }: { frameId: string }) {
  const { t } = useTranslation("videos");
  const { t: tPersonas } = useTranslation("personas");
  const navigate = useNavigate();
  const errorText = useStartError();
  const [role, setRole] = useState<PersonaRole>("artist");
  const start = useMutation({
    mutationFn: () => personaFromFrame(frameId, role),
    onSuccess: (draft) => void navigate(personaDraftHref(draft.id)),
  });
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted">{t("actions.persona.intro")}</p>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t("actions.persona.role")}</legend>
        <div className="flex flex-wrap gap-2">
          {personaRoles.map((name) => (
            <label key={name} className={`${buttonClass({ variant: role === name ? "primary" : "secondary", size: "xs" })} cursor-pointer`}>
              <input type="radio" name="persona-role" value={name} checked={role === name} onChange={() => setRole(name)} className="sr-only" />
              {tPersonas(`role.${name}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Button size="md" loading={start.isPending} onClick={() => start.mutate()}>
        {t("actions.persona.start")}
      </Button>
      {start.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorText(start.error)}
        </p>
      )}
    </div>
  );
}

function SwapForm({ frameId, onStarted }: { frameId: string; onStarted: (image: ImageRecord) => void }) {
  const { t } = useTranslation("videos");
  const receive = useFrameResult();
  const errorText = useStartError();
  const personas = usePersonas();
  const start = useMutation({
    mutationFn: (personaId: string) => swapIntoFrame(frameId, personaId),
    onSuccess: (image) => {
      receive(image);
      onStarted(image);
    },
  });
  const list = personas.data?.personas ?? [];
  if (personas.isPending) return <p className="text-sm text-muted">{t("actions.swap.loading")}</p>;
  // A list that could not be read is not an empty one: "make your first persona" would be untrue.
  if (personas.isError)
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm" role="alert" data-testid="swap-personas-failed">
        <span className="text-danger">{t("actions.swap.loadFailed")}</span>
        <Button variant="secondary" size="xs" onClick={() => void personas.refetch()}>
          {t("view.retry")}
        </Button>
      </div>
    );
  if (list.length === 0)
    return (
      <div className="grid gap-3">
        <p className="text-sm text-muted">{t("actions.swap.none")}</p>
        <Link to={clientRoutes.personas} className={buttonClass({ size: "md", variant: "secondary" })}>
          {t("actions.swap.create")}
        </Link>
      </div>
    );
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted">{t("actions.swap.intro")}</p>
      <PersonaPickList personas={list} label={t("actions.swap.listLabel")} disabled={start.isPending} onPick={(id) => start.mutate(id)} columns={2} />
      {start.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorText(start.error)}
        </p>
      )}
    </div>
  );
}
