import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useReducer, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { clientRoutes, editorPath } from "../../../contract/client-routes.ts";
import type { EditorDocument, EditorDownloadFormat, EditorLayersResponse } from "../../../contract/editor.ts";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { ApiError, idempotencyMessageKey } from "../../lib/api.ts";
import { useImage } from "../../lib/image-cache.ts";
import { receiveImage } from "../../lib/image-lists.ts";
import { downloadEdit, fetchLayers, layersKey, saveEdit } from "./api.ts";
import { initialDocument, needsCjk, SUBJECT_PREFIX, sourceSize } from "./document.ts";
import { EditorCanvas } from "./editor-canvas.tsx";
import { FeedCheckButton } from "../../components/feed-check/feed-check-dialog.tsx";
import { FeedPreviewButton } from "../../components/feed-preview/feed-preview-dialog.tsx";
import type { ImageRecord } from "../../../contract/images.ts";
import { FixedImage } from "./fixed-image.tsx";
import { ExportTools } from "./export-tools.tsx";
import { loadFaces } from "./fonts.ts";
import { historyReducer, initialHistory } from "./history.ts";
import { editorIcons } from "./icons.ts";
import { ImageTools } from "./image-tools.tsx";
import { moveSelected } from "./move.ts";
import { TextTools } from "./text-tools.tsx";

/** The image editor for one image: loads its layers, then the workspace. */
export function EditorScreen({ imageId }: { imageId: string }) {
  const { t } = useTranslation("editor");
  const layers = useQuery({ queryKey: layersKey(imageId), queryFn: () => fetchLayers(imageId), retry: false, staleTime: Infinity });
  if (layers.isPending) {
    return (
      <main id="main" className="grid min-h-[60dvh] place-items-center gap-3 px-4 text-center">
        <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-border border-t-primary" />
        <h1 className="text-sm text-muted">{t("loading")}</h1>
      </main>
    );
  }
  if (layers.isError) {
    const missing = layers.error instanceof ApiError && layers.error.status === 404;
    return (
      <main id="main" className="mx-auto grid min-h-[60dvh] max-w-md place-content-center gap-4 px-4 text-center">
        <h1 className="text-xl font-bold">{missing ? t("missing") : t("failed")}</h1>
        <div className="flex flex-wrap justify-center gap-2">
          {!missing && (
            <Button size="sm" onClick={() => void layers.refetch()}>
              {t("retry")}
            </Button>
          )}
          <Link to={clientRoutes.app} className={buttonClass({ variant: "secondary", size: "sm" })}>
            {t("back")}
          </Link>
        </div>
      </main>
    );
  }
  return <EditorWorkspace key={imageId} imageId={imageId} layers={layers.data} />;
}

const editorReducer = historyReducer<EditorDocument>;

function EditorWorkspace({ imageId, layers }: { imageId: string; layers: EditorLayersResponse }) {
  const { t } = useTranslation("editor");
  const queryClient = useQueryClient();
  const [history, dispatch] = useReducer(editorReducer, layers, (l) => initialHistory(initialDocument(l)));
  const doc = history.present;
  const [selected, setSelected] = useState<string | null>(null);
  const [tab, setTab] = useState("image");
  const [cropMode, setCropMode] = useState(false);
  const cropping = tab === "image" && cropMode;
  const [format, setFormat] = useState<EditorDownloadFormat>("png");
  const [fontsVersion, setFontsVersion] = useState(0);
  const [box, setBox] = useState({ width: 0, height: 0 });
  const stageBox = useRef<HTMLDivElement | null>(null);
  const source = sourceSize(layers);
  const change = (update: (d: EditorDocument) => EditorDocument, group?: string) => dispatch({ type: "change", update, group });
  const cjk = needsCjk(doc);
  const image = useImage(layers.image);
  // The image a feed check's fix is making from this one; the editor opens it once it is ready.
  const [fixed, setFixed] = useState<ImageRecord | null>(null);

  useEffect(() => {
    let live = true;
    void loadFaces(cjk ? ["anton", "abril", "dela", "kuaile"] : ["anton", "abril"]).then(() => live && setFontsVersion((v) => v + 1));
    return () => {
      live = false;
    };
  }, [cjk]);

  useEffect(() => {
    const element = stageBox.current;
    if (!element) return;
    const measure = () => setBox({ width: element.clientWidth, height: window.innerHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) anywhere but in a text field, which keeps its own undo.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === "TEXTAREA" || (target.tagName === "INPUT" && (target as HTMLInputElement).type === "text") || target.isContentEditable)) return;
      const key = e.key.toLowerCase();
      if (key === "z" || key === "y") {
        e.preventDefault();
        dispatch({ type: key === "y" || e.shiftKey ? "redo" : "undo" });
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const onMoveKey = (e: ReactKeyboardEvent) => {
    if (!selected) return;
    if (e.key === "Escape") {
      setSelected(null);
      return;
    }
    if ((e.key === "Delete" || e.key === "Backspace") && !selected.startsWith(SUBJECT_PREFIX)) {
      e.preventDefault();
      change((d) => ({ ...d, texts: d.texts.filter((l) => l.id !== selected) }));
      setSelected(null);
      return;
    }
    const step = e.shiftKey ? 10 : 1;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
    if (!delta) return;
    e.preventDefault();
    change((d) => moveSelected(d, selected, delta[0] ?? 0, delta[1] ?? 0), `move-${selected}`);
  };

  const save = useMutation({
    mutationFn: () => saveEdit(imageId, doc),
    // The saved image shows at once in the image cache and in every list it belongs to (the recent grid, the gallery).
    onSuccess: (saved) => receiveImage(queryClient, saved),
  });
  const download = useMutation({ mutationFn: () => downloadEdit(imageId, doc, format) });
  const selectedText = doc.texts.find((l) => l.id === selected);

  return (
    <main id="main" className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-4 px-3 py-4 sm:px-5">
      <header className="flex flex-wrap items-center gap-2">
        <Link to={clientRoutes.app} className={buttonClass({ variant: "ghost", size: "xs" })}>
          <Icon d={editorIcons.back} className="size-4" />
          {t("back")}
        </Link>
        <h1 className="mr-auto text-lg font-bold">{t("title")}</h1>
        <div className="flex flex-wrap items-center justify-end gap-2">
          <Button size="xs" variant="secondary" onClick={() => dispatch({ type: "undo" })} disabled={history.past.length === 0} aria-keyshortcuts="Control+Z">
            <Icon d={editorIcons.undo} className="size-4" />
            {t("undo")}
          </Button>
          <Button size="xs" variant="secondary" onClick={() => dispatch({ type: "redo" })} disabled={history.future.length === 0} aria-keyshortcuts="Control+Shift+Z">
            <Icon d={editorIcons.redo} className="size-4" />
            {t("redo")}
          </Button>
          <FeedPreviewButton image={image} />
          <FeedCheckButton image={image} onFixed={setFixed} />
          <Button size="xs" onClick={() => save.mutate()} loading={save.isPending} data-testid="editor-save">
            {!save.isPending && <Icon d={editorIcons.save} className="size-4" />}
            {t("save.short")}
          </Button>
        </div>
      </header>

      <div role="status" aria-live="polite" className="empty:hidden">
        {save.isSuccess && (
          <p className="flex flex-wrap items-center gap-2 rounded-xl border border-border bg-surface px-3 py-2 text-sm" data-testid="editor-saved" data-image-id={save.data.id}>
            {t("save.done")}
            <Link to={editorPath(save.data.id)} className="font-semibold text-primary underline underline-offset-2">
              {t("save.open")}
            </Link>
          </p>
        )}
        {save.isError && <p className="rounded-xl border border-danger px-3 py-2 text-sm text-danger">{t(idempotencyMessageKey(save.error) ?? "save.failed")}</p>}
        {download.isError && <p className="rounded-xl border border-danger px-3 py-2 text-sm text-danger">{t("export.failed")}</p>}
        {fixed && <FixedImage key={fixed.id} made={fixed} />}
      </div>

      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div
          ref={stageBox}
          tabIndex={0}
          role="application"
          aria-label={t("canvas.label")}
          aria-describedby="editor-canvas-hint"
          onKeyDown={onMoveKey}
          data-testid="editor-canvas"
          className="grid min-w-0 place-items-center overflow-hidden rounded-2xl border border-border bg-surface-2 p-2 focus-visible:outline-2 focus-visible:outline-primary lg:sticky lg:top-20"
        >
          {box.width > 0 && (
            <EditorCanvas
              layers={layers}
              doc={doc}
              selected={selected}
              onSelect={setSelected}
              onChange={change}
              fontsVersion={fontsVersion}
              width={box.width - 16}
              maxHeight={Math.max(200, Math.min(box.height * 0.62, 760))}
              cropping={cropping}
            />
          )}
        </div>
        <aside className="grid min-w-0 gap-3 rounded-2xl border border-border bg-surface p-3 sm:p-4">
          <p id="editor-canvas-hint" className="text-xs text-muted">
            {selectedText ? t("canvas.selected", { name: selectedText.text.replaceAll("\n", " ") }) : t("canvas.hint")}
          </p>
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList aria-label={t("tabs.label")}>
              <TabsTrigger value="image" className="px-1 text-xs leading-tight sm:text-sm">{t("tabs.image")}</TabsTrigger>
              <TabsTrigger value="text" className="px-1 text-xs leading-tight sm:text-sm">{t("tabs.text")}</TabsTrigger>
              <TabsTrigger value="export" className="px-1 text-xs leading-tight sm:text-sm">{t("tabs.export")}</TabsTrigger>
            </TabsList>
            <TabsContent value="image" className="pt-4">
              <ImageTools doc={doc} onChange={change} source={source} cropping={cropping} onCropping={setCropMode} />
            </TabsContent>
            <TabsContent value="text" className="pt-4">
              <TextTools doc={doc} onChange={change} selected={selected} onSelect={setSelected} subjects={layers.studio?.subjects ?? []} onMoveKey={onMoveKey} />
            </TabsContent>
            <TabsContent value="export" className="pt-4">
              <ExportTools imageId={imageId} doc={doc} format={format} onFormat={setFormat} onDownload={() => download.mutate()} downloading={download.isPending} onSave={() => save.mutate()} saving={save.isPending} />
            </TabsContent>
          </Tabs>
        </aside>
      </div>
    </main>
  );
}
