import { useQuery } from "@tanstack/react-query";
import { defaultLanguage, isLanguage } from "../../../contract/languages.ts";
import {
  type ClipboardEvent,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { MAX_CHAT_MESSAGE_LENGTH } from "../../../contract/chat.ts";
import { DEFAULT_ASPECT, DEFAULT_STYLE, type ImageAspect, type ImageRecord, type ImageStyle, uploadTypes } from "../../../contract/images.ts";
import { aspectNames, AspectPicker, ModelPicker, StylePicker } from "../../components/studio/pickers.tsx";
import { Button } from "../../components/ui/button.tsx";
import { IconButton } from "../../components/ui/icon-button.tsx";
import { fetchModels, MODELS_KEY } from "../../lib/models-api.ts";
import { uploadBaseImage } from "./api.ts";
import { messageQuote } from "./cost.ts";
import { ChatIcon, icons } from "./icons.tsx";
import { activeMention, insertMention, matchPersonas } from "./mention.ts";
import { optionId, PersonaAutocomplete } from "./persona-autocomplete.tsx";
import { useMentionablePersonas } from "./personas.ts";
import type { ChatOptions, MentionablePersona } from "./types.ts";
import type { StyleKitRecord } from "../../../contract/style-kits.ts";
import { useStyleKits } from "../../lib/style-kits-api.ts";
import { isVideoFile, useVideoAttachment, VideoAttachmentChip } from "./video-attachment.tsx";
import { videoExtensions, videoTypes } from "../../../contract/videos.ts";
import type { StartVideoUpload } from "../../lib/use-video-upload.ts";

type Attachment = { status: "uploading"; name: string } | { status: "ready"; name: string; image: ImageRecord } | { status: "failed"; name: string };

export interface ComposerProps {
  draft: string;
  onDraftChange: (draft: string) => void;
  onSend: (text: string, options: ChatOptions) => void;
  onStop: () => void;
  /** An answer is streaming: Stop replaces Send. */
  streaming: boolean;
  credits: number;
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
  /** Uploads a base image; tests hand in a fake. */
  upload?: (file: File) => Promise<ImageRecord>;
  /** Starts a video upload; tests hand in a fake. */
  uploadVideo?: StartVideoUpload;
  /** One of the user's images to attach, handed in from elsewhere (the gallery's "Use in chat"). */
  attachImage?: ImageRecord | null;
  /** The conversation's current image: the chips show its style, shape and model, and changing one edits it. */
  currentImage?: ImageRecord | undefined;
  /** Sends a chip's change of the current image; the draft being typed stays. Without it, `onSend`. */
  onSendChange?: (text: string, options: ChatOptions) => void;
  /** An image the user picked to work on ("Edit" on its card): it is the current image, and the message names it. */
  editing?: ImageRecord | null;
  onStopEditing?: () => void;
}

/** A chip changed while there is a current image: the edit it asks for, waiting to be confirmed with its cost. */
type ChipChange = { field: "style"; value: ImageStyle } | { field: "aspect"; value: ImageAspect } | { field: "model"; value: string };


const imageFile = (files: FileList | null | undefined): File | undefined =>
  [...(files ?? [])].find((file) => (uploadTypes as readonly string[]).includes(file.type));

/** The message box: Enter sends, Shift+Enter breaks the line, @ mentions a persona, an image can be attached. */
export function Composer({
  draft,
  onDraftChange,
  onSend,
  onStop,
  streaming,
  credits,
  textareaRef,
  upload = uploadBaseImage,
  uploadVideo,
  attachImage,
  currentImage: newestImage,
  onSendChange = onSend,
  editing,
  onStopEditing,
}: ComposerProps) {
  const { t, i18n } = useTranslation("chat");
  const { t: tApp } = useTranslation("app");
  const { t: tVideos } = useTranslation("videos");
  const id = useId();
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const textarea = textareaRef ?? ownRef;
  const fileInput = useRef<HTMLInputElement>(null);
  const [style, setStyle] = useState<ImageStyle>(DEFAULT_STYLE);
  const [kitId, setKitId] = useState<string | undefined>();
  const styleKits = useStyleKits();
  const [aspect, setAspect] = useState<ImageAspect>(DEFAULT_ASPECT);
  const [modelId, setModelId] = useState<string | undefined>();
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [change, setChange] = useState<ChipChange | null>(null);
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [caret, setCaret] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const [dragging, setDragging] = useState(false);
  const video = useVideoAttachment(uploadVideo);
  // A picked image is the one the chips describe and every message changes, until the chip is removed.
  const currentImage = editing ?? newestImage;
  const picked = editing ? { imageId: editing.id } : {};
  useEffect(() => {
    if (attachImage) setAttachment({ status: "ready", name: attachImage.prompt?.trim() || attachImage.id.slice(0, 8), image: attachImage });
  }, [attachImage]);

  // A change asked of one image is dropped when a newer image takes its place.
  useEffect(() => setChange(null), [currentImage?.id]);

  const models = useQuery({ queryKey: MODELS_KEY, queryFn: fetchModels });
  // A kit deleted on the kit screen is no longer picked.
  const kit = styleKits.data?.find((k) => k.id === kitId);
  const { personas, known: personasKnown } = useMentionablePersonas();
  const modelList = models.data?.models ?? [];
  const modelFor = (wanted: string | undefined) => modelList.find((m) => m.id === wanted) ?? modelList.find((m) => m.available) ?? modelList[0];
  // With a current image the chips are its settings; without one, the pickers' choice for the next generation.
  const current = {
    style: currentImage?.style ?? style,
    aspect: currentImage?.aspect ?? aspect,
    modelId: currentImage ? (currentImage.model ?? undefined) : modelId,
  };
  const model = modelFor(current.modelId);
  const { cost, headlineFree } = messageQuote(model?.creditCost ?? 1, draft, isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLanguage, {
    laidOutByStudio: currentImage !== undefined && currentImage.kind !== "upload" && model?.provider === "studio",
  });
  // What the pickers show: the current settings with the change waiting to be sent.
  const shown = {
    style: change?.field === "style" ? change.value : current.style,
    aspect: change?.field === "aspect" ? change.value : current.aspect,
    model: modelFor(change?.field === "model" ? change.value : current.modelId),
  };
  // An edit is paid at the image's model's price; a remake with another model at that model's.
  const changeCost = shown.model?.creditCost ?? 1;
  const changeRequest =
    change === null
      ? ""
      : change.field === "style"
        ? t(`composer.change.style.${change.value}`)
        : change.field === "aspect"
          ? t(`composer.change.aspect.${aspectNames[change.value]}`)
          : t("composer.change.model");

  const mention = activeMention(draft, caret);
  const mentionOpen = mention !== null && mention.start !== dismissedAt;
  const options = mentionOpen ? matchPersonas(personas, mention.query) : [];
  const listId = `${id}-personas`;
  useEffect(() => setActiveIndex(0), [mention?.query, mention?.start]);

  const uploading = attachment?.status === "uploading" || video.uploading;
  // A ready video may go alone: the message then says what it is for in the person's words.
  const canSend = !streaming && !uploading && (draft.trim().length > 0 || video.videoId !== undefined);

  function syncCaret() {
    setCaret(textarea.current?.selectionStart ?? draft.length);
  }

  function pick(persona: MentionablePersona) {
    if (!mention) return;
    const next = insertMention(draft, caret, mention.start, persona.handle);
    onDraftChange(next.text);
    setCaret(next.caret);
    requestAnimationFrame(() => textarea.current?.setSelectionRange(next.caret, next.caret));
  }

  function choose(next: ChipChange) {
    if (!currentImage) {
      if (next.field === "style") {
        setStyle(next.value);
        setKitId(undefined);
      }
      else if (next.field === "aspect") setAspect(next.value);
      else setModelId(next.value);
      return;
    }
    const unchanged = next.value === (next.field === "style" ? current.style : next.field === "aspect" ? current.aspect : model?.id);
    setChange(unchanged ? null : next);
  }

  function sendChange() {
    if (!change || streaming || changeCost > credits) return;
    onSendChange(changeRequest, { style: shown.style, aspect: shown.aspect, ...(shown.model ? { model: shown.model.id } : {}), ...picked });
    setChange(null);
    setOptionsOpen(false);
  }

  function send() {
    if (!canSend) return;
    const text = draft.trim() || tVideos("composer.message", { name: video.name ?? "" });
    onSend(text, {
      style: current.style,
      ...(kit && !currentImage ? { styleKitId: kit.id } : {}),
      aspect: current.aspect,
      ...(model ? { model: model.id } : {}),
      ...(attachment?.status === "ready" ? { attachmentImageId: attachment.image.id } : {}),
      ...(video.videoId ? { videoId: video.videoId } : {}),
      ...picked,
    });
    setAttachment(null);
    if (video.videoId) video.remove();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.nativeEvent.isComposing) return;
    if (mentionOpen) {
      if (event.key === "Escape") {
        event.preventDefault();
        setDismissedAt(mention.start);
        return;
      }
      if (options.length > 0) {
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          event.preventDefault();
          const step = event.key === "ArrowDown" ? 1 : -1;
          setActiveIndex((index) => (index + step + options.length) % options.length);
          return;
        }
        if (event.key === "Enter") {
          const persona = options[activeIndex];
          if (persona) {
            event.preventDefault();
            pick(persona);
            return;
          }
        }
      }
    }
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  }

  async function attach(file: File) {
    if (isVideoFile(file)) return video.attach(file);
    setAttachment({ status: "uploading", name: file.name });
    try {
      const image = await upload(file);
      setAttachment({ status: "ready", name: file.name, image });
    } catch {
      setAttachment({ status: "failed", name: file.name });
    }
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const file = imageFile(event.clipboardData.files);
    if (!file) return;
    event.preventDefault();
    void attach(file);
  }

  function onDrop(event: DragEvent<HTMLFormElement>) {
    setDragging(false);
    const file = imageFile(event.dataTransfer.files) ?? [...event.dataTransfer.files].find(isVideoFile);
    if (!file) return;
    event.preventDefault();
    void attach(file);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    send();
  }

  const styleLabel = kit && !currentImage ? `${tApp("studio.myStyle")}: ${kit.name}` : tApp(`studio.styles.${current.style}.label`);
  const noticeId = `${id}-notice`;
  const costId = `${id}-cost`;

  return (
    <form
      noValidate
      onSubmit={submit}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes("Files")) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`grid gap-2 rounded-3xl border bg-surface p-2 shadow-sm sm:p-3 ${dragging ? "border-primary" : "border-border"}`}
      data-testid="composer"
    >
      {optionsOpen && (
        <div id={`${id}-options`} className="grid max-h-[45dvh] gap-4 overflow-y-auto border-b border-border p-2 pb-4">
          {currentImage && <p className="text-sm text-muted">{t(editing ? "composer.editsPicked" : "composer.editsCurrent")}</p>}
          <StylePicker
            value={shown.style}
            onChange={(value) => choose({ field: "style", value })}
            {...(currentImage
              ? {}
              : {
                  // Unknown while loading or after an error: no kit cards and no "Make a style kit" invitation yet.
                  kits: styleKits.data,
                  kitId: kit?.id,
                  onKitChange: (picked: StyleKitRecord) => {
                    setStyle(picked.kit.baseStyle);
                    setKitId(picked.id);
                  },
                })}
          />
          <AspectPicker value={shown.aspect} onChange={(value) => choose({ field: "aspect", value })} />
          <ModelPicker models={modelList} value={shown.model?.id} onChange={(value) => choose({ field: "model", value })} />
        </div>
      )}
      {change && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl border border-primary/40 bg-surface-2 px-3 py-2 text-sm" data-testid="chip-change">
          <p className="min-w-0 grow basis-48 font-medium break-words">
            {changeRequest}
            {change.field === "model" && shown.model && ` · ${shown.model.label}`}
          </p>
          <div className="ml-auto flex items-center gap-2">
            <p className={`text-xs tabular-nums ${changeCost > credits ? "font-semibold text-danger" : "text-muted"}`} data-testid="chip-change-cost">
              {changeCost > credits ? t("composer.costTooHigh", { count: changeCost, credits }) : t("composer.cost", { count: changeCost })}
            </p>
            <Button variant="ghost" size="xs" onClick={() => setChange(null)}>
              {t("composer.change.cancel")}
            </Button>
            <Button size="xs" onClick={sendChange} disabled={streaming || changeCost > credits}>
              {t("composer.change.send")}
            </Button>
          </div>
        </div>
      )}
      {editing && (
        <div className="flex items-center gap-2 self-start rounded-2xl border border-primary/40 bg-surface-2 p-1.5 pr-1 text-sm" data-testid="editing-chip">
          {editing.urls ? <img src={editing.urls.thumb} alt="" className="size-10 rounded-xl object-cover" /> : <ChatIcon d={icons.edit} className="m-2 size-6 text-muted" />}
          <span className="max-w-48 truncate font-medium">{t("composer.editing")}</span>
          <IconButton label={t("composer.stopEditing")} variant="ghost" size="sm" onClick={() => onStopEditing?.()}>
            <ChatIcon d={icons.close} className="size-4" />
          </IconButton>
        </div>
      )}
      <VideoAttachmentChip attachment={video} />
      {attachment && (
        <div className="flex items-center gap-2 self-start rounded-2xl border border-border bg-surface-2 p-1.5 pr-1 text-sm" data-testid="attachment-chip">
          {attachment.status === "ready" && attachment.image.urls ? (
            <img src={attachment.image.urls.thumb} alt="" className="size-10 rounded-xl object-cover" />
          ) : attachment.status === "uploading" ? (
            <span aria-hidden="true" className="m-2 size-6 animate-spin rounded-full border-2 border-primary/25 border-t-primary" />
          ) : (
            <ChatIcon d={icons.warning} className="m-2 size-6 text-danger" />
          )}
          <span className="grid min-w-0" role="status">
            <span className="max-w-40 truncate font-medium">{attachment.name}</span>
            <span className={`text-xs ${attachment.status === "failed" ? "text-danger" : "text-muted"}`}>{t(`composer.attachment.${attachment.status}`)}</span>
          </span>
          <IconButton label={t("composer.removeAttachment")} variant="ghost" size="sm" onClick={() => setAttachment(null)}>
            <ChatIcon d={icons.close} className="size-4" />
          </IconButton>
        </div>
      )}
      <div className="relative">
        {mentionOpen && (
          <PersonaAutocomplete
            id={listId}
            options={options}
            activeIndex={activeIndex}
            onPick={pick}
            onHover={setActiveIndex}
            query={mention.query}
            personaCount={personasKnown ? personas.length : undefined}
          />
        )}
        <label htmlFor={`${id}-input`} className="sr-only">
          {t("composer.label")}
        </label>
        <textarea
          ref={textarea}
          id={`${id}-input`}
          value={draft}
          onChange={(event) => {
            onDraftChange(event.target.value);
            setCaret(event.target.selectionStart);
            // A list closed with Escape stays closed for that mention only.
            if (!activeMention(event.target.value, event.target.selectionStart)) setDismissedAt(null);
          }}
          onKeyDown={onKeyDown}
          onKeyUp={syncCaret}
          onClick={syncCaret}
          onSelect={syncCaret}
          onPaste={onPaste}
          maxLength={MAX_CHAT_MESSAGE_LENGTH}
          rows={2}
          placeholder={t("composer.placeholder")}
          // A textarea may not take the combobox role; as a textbox it still owns the list and its active option.
          aria-autocomplete="list"
          aria-controls={mentionOpen ? listId : undefined}
          aria-activedescendant={mentionOpen && options.length > 0 ? optionId(listId, activeIndex) : undefined}
          aria-describedby={`${costId} ${noticeId}`}
          className="block max-h-60 min-h-14 w-full resize-none bg-transparent px-3 py-2 text-base text-fg outline-none placeholder:text-muted"
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={fileInput}
          type="file"
          accept={[...uploadTypes, ...videoTypes, ...videoExtensions].join(",")}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = imageFile(event.target.files) ?? [...(event.target.files ?? [])].find(isVideoFile);
            if (file) void attach(file);
            event.target.value = "";
          }}
        />
        <IconButton label={t("composer.attach")} variant="ghost" onClick={() => fileInput.current?.click()} disabled={uploading}>
          <ChatIcon d={icons.attach} />
        </IconButton>
        <Button
          variant="ghost"
          size="xs"
          aria-expanded={optionsOpen}
          aria-controls={optionsOpen ? `${id}-options` : undefined}
          onClick={() => setOptionsOpen((open) => !open)}
          className="min-w-0"
        >
          <ChatIcon d={icons.options} className="size-4" />
          <span className="sr-only">{t("composer.options")}: </span>
          <span className="truncate">
            {styleLabel} · {current.aspect}
            {model && <span className="hidden sm:inline"> · {model.label}</span>}
          </span>
        </Button>
        <div className="ml-auto flex items-center gap-2">
          <p id={costId} className={`text-xs tabular-nums ${cost > credits ? "font-semibold text-danger" : "text-muted"}`} data-testid="composer-cost">
            {headlineFree ? t("composer.costHeadlineFree", { count: cost }) : cost > credits ? t("composer.costTooHigh", { count: cost, credits }) : t("composer.cost", { count: cost })}
          </p>
          {streaming ? (
            <Button variant="secondary" size="sm" onClick={onStop}>
              <ChatIcon d={icons.stop} className="size-4" />
              {t("composer.stop")}
            </Button>
          ) : (
            <Button type="submit" size="sm" disabled={!canSend}>
              {t("composer.send")}
              <ChatIcon d={icons.send} className="size-4" />
            </Button>
          )}
        </div>
      </div>
      <p id={noticeId} className="px-2 text-center text-xs text-muted">
        {t("composer.notice")}
      </p>
    </form>
  );
}
