import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AuthUser } from "../../../contract/auth.ts";
import {
  DEFAULT_ASPECT,
  DEFAULT_STYLE,
  type GalleryResponse,
  type GenerateImageRequest,
  type ImageAspect,
  type ImageRecord,
  type ImageResponse,
  type ImageStyle,
  MAX_PROMPT_LENGTH,
} from "../../../contract/images.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field, Textarea } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { fetchModels, MODELS_KEY } from "../../lib/models-api.ts";
import { fetchImage, imageKey } from "../../lib/images-api.ts";
import { generateImage, recentImagesKey } from "./api.ts";
import { requestErrorMessage } from "../../lib/generation-error-message.ts";
import { GenerationView } from "./generation-view.tsx";
import { newerImage, upsertImage } from "../../lib/image-live.ts";
import { AspectPicker, ModelPicker, StylePicker } from "../../components/studio/pickers.tsx";
import { scrollIntoViewGently } from "./reveal.ts";
import { defaultModel, isSubmitShortcut, promptLength, submitBlocker } from "./submit-rules.ts";
import { imageProgressAtom } from "../../lib/image-live.ts";

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** The centre of /app: describe a thumbnail, pick style, shape and model, generate, watch it render, download. */
export function CreatePanel({ user }: { user: AuthUser }) {
  const { t } = useTranslation("app");
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const viewRef = useRef<HTMLDivElement>(null);
  const [prompt, setPrompt] = useState("");
  const [style, setStyle] = useState<ImageStyle>(DEFAULT_STYLE);
  const [aspect, setAspect] = useState<ImageAspect>(DEFAULT_ASPECT);
  const [modelId, setModelId] = useState<string | undefined>();
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [lastRequest, setLastRequest] = useState<GenerateImageRequest | null>(null);

  const models = useQuery({ queryKey: MODELS_KEY, queryFn: fetchModels });
  const modelList = models.data?.models ?? [];
  const model = defaultModel(modelList, modelId);
  const current = useQuery({ queryKey: imageKey(currentId ?? ""), queryFn: fetchImage, enabled: currentId !== null });
  const progress = useAtomValue(imageProgressAtom);

  const generate = useMutation({
    mutationFn: generateImage,
    onSuccess(image: ImageRecord) {
      // Socket events may beat this answer; the copy further along wins.
      queryClient.setQueryData<ImageResponse>(imageKey(image.id), (known) => ({ image: newerImage(known?.image, image) }));
      queryClient.setQueryData<GalleryResponse>(recentImagesKey(user.id), (gallery) => upsertImage(gallery, image));
      setCurrentId(image.id);
      scrollIntoViewGently(viewRef.current);
    },
    onError(err) {
      toast({ variant: "destructive", title: t("studio.errors.title"), description: requestErrorMessage(t, err) });
    },
  });

  const blocker = submitBlocker({ prompt, model, credits: user.credits, busy: generate.isPending });
  const length = promptLength(prompt);

  function start(request: GenerateImageRequest) {
    setLastRequest(request);
    generate.mutate(request);
    // Generate turns busy (disabled) and would drop focus to the page: move it to where the progress and the
    // result appear, so keyboard and screen-reader users follow the generation.
    viewRef.current?.focus({ preventScroll: true });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (blocker || !model) return;
    start({ prompt: prompt.trim(), style, aspect, model: model.id });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!isSubmitShortcut(event)) return;
    event.preventDefault();
    formRef.current?.requestSubmit();
  }

  const image = current.data?.image;
  // A finished image (or a failure) brings the result and Download into view once more.
  const settled = image?.status === "ready" || image?.status === "failed";
  useEffect(() => {
    if (settled) scrollIntoViewGently(viewRef.current);
  }, [settled]);
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const blockerId = `${id}-blocker`;
  const blockerText =
    blocker === "credits" && model
      ? t("studio.needCredits", { count: model.creditCost, credits: user.credits })
      : blocker === "model_unavailable" && model
        ? t("studio.modelUnavailable")
        : null;

  return (
    <Card as="section" aria-labelledby={`${id}-title`} padding="none" className="p-5 sm:p-8">
      <div className="mb-6 grid gap-1">
        <h2 id={`${id}-title`} className="text-2xl font-black tracking-tight sm:text-3xl">
          {t("studio.title")}
        </h2>
        <p className="text-muted">{t("studio.subtitle")}</p>
      </div>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,25rem)] lg:gap-10">
        <form ref={formRef} noValidate onSubmit={submit} className="grid min-w-0 content-start gap-6" aria-describedby={blockerText ? blockerId : undefined}>
          <Field id={`${id}-prompt`} label={t("studio.promptLabel")} describedBy={`${hintId} ${counterId}`}>
            {(control) => (
              <>
                <Textarea
                  {...control}
                  value={prompt}
                  onChange={(event) => setPrompt(event.target.value)}
                  onKeyDown={onKeyDown}
                  maxLength={MAX_PROMPT_LENGTH}
                  rows={4}
                  placeholder={t("studio.promptPlaceholder")}
                />
                <div className="flex items-start justify-between gap-4 text-sm text-muted">
                  <p id={hintId} className="min-w-0">
                    {t("studio.promptHint")}
                    {/* Phones have no Ctrl key; the shortcut is for keyboards. */}
                    <span className="hidden sm:inline">
                      {" "}
                      {t("studio.shortcut")}{" "}
                      <kbd className="rounded-md border border-border bg-surface-2 px-1.5 py-0.5 font-sans text-xs font-semibold text-fg">{isMac() ? "⌘" : "Ctrl"}</kbd>
                      {" + "}
                      <kbd className="rounded-md border border-border bg-surface-2 px-1.5 py-0.5 font-sans text-xs font-semibold text-fg">Enter</kbd>
                    </span>
                  </p>
                  <p className={`shrink-0 tabular-nums ${length >= MAX_PROMPT_LENGTH ? "font-semibold text-danger" : ""}`} data-testid="prompt-counter">
                    <span aria-hidden="true">
                      {length} / {MAX_PROMPT_LENGTH}
                    </span>
                    <span id={counterId} className="sr-only">
                      {t("studio.counter", { count: length, max: MAX_PROMPT_LENGTH })}
                    </span>
                  </p>
                </div>
              </>
            )}
          </Field>
          <StylePicker value={style} onChange={setStyle} />
          <AspectPicker value={aspect} onChange={setAspect} />
          <div className="grid items-end gap-4 sm:grid-cols-[minmax(0,1fr)_auto]">
            {models.isError ? (
              <div className="grid gap-2 text-sm">
                <p className="font-semibold text-danger">{t("studio.modelsFailed")}</p>
                <button type="button" className="justify-self-start font-semibold text-primary underline" onClick={() => void models.refetch()}>
                  {t("studio.retry")}
                </button>
              </div>
            ) : (
              <ModelPicker models={modelList} value={model?.id} onChange={setModelId} />
            )}
            <Button type="submit" loading={generate.isPending} disabled={blocker !== null}>
              {generate.isPending ? t("studio.starting") : t("studio.generate", { count: model?.creditCost ?? 1 })}
            </Button>
          </div>
          {blockerText && (
            <p id={blockerId} className="-mt-2 text-sm font-medium text-danger">
              {blockerText}
            </p>
          )}
        </form>
        <div ref={viewRef} tabIndex={-1} role="region" aria-label={t("studio.resultLabel")} className="min-w-0 scroll-mt-20 rounded-2xl outline-none">
          <GenerationView
            image={image}
            progress={image ? progress[image.id] : undefined}
            aspect={aspect}
            onRetry={() => lastRequest && start(lastRequest)}
            retrying={generate.isPending}
          />
        </div>
      </div>
    </Card>
  );
}
