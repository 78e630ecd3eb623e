import type Konva from "konva";
import { useEffect, useMemo, useRef, useState } from "react";
import { Image as KonvaImage, type KonvaNodeEvents } from "react-konva";
import { applyColourTransform, type EditorDocument, type EditorSubjectLayer } from "../../../contract/editor.ts";

type Change = (update: (doc: EditorDocument) => EditorDocument, group?: string) => void;

/** An image element for a URL (a data URL or the API's preview), once it has loaded. */
export function useHtmlImage(src: string | undefined): HTMLImageElement | undefined {
  const [image, setImage] = useState<HTMLImageElement>();
  useEffect(() => {
    if (!src) return;
    const img = new window.Image();
    img.onload = () => setImage(img);
    img.src = src;
    return () => {
      img.onload = null;
    };
  }, [src]);
  return image;
}

/** A picture node with the document's colour change applied through a cached copy (Konva filters need one). */
export function FilteredImage(props: Konva.ImageConfig & KonvaNodeEvents & { matrix: number[]; identity: boolean; nodeRef?: (node: Konva.Image | null) => void }) {
  const { matrix, identity, nodeRef, ...config } = props;
  const ref = useRef<Konva.Image | null>(null);
  const filter = useMemo(() => (data: ImageData) => applyColourTransform(data.data, matrix), [matrix]);
  useEffect(() => {
    const node = ref.current;
    if (!node || !config.image) return;
    if (identity) node.clearCache();
    else node.cache({ pixelRatio: Math.min(1, 1600 / Math.max(node.width(), node.height(), 1)) });
  }, [identity, filter, config.image, config.width, config.height]);
  return (
    <KonvaImage
      {...config}
      ref={(node) => {
        ref.current = node;
        nodeRef?.(node);
      }}
      filters={identity ? [] : [filter]}
    />
  );
}

/** A Studio persona: its sprite placed for its box, draggable and resizable (keeping its proportions). */
export function SubjectNode({
  subject,
  doc,
  matrix,
  identity,
  nodeRef,
  onSelect,
  onChange,
}: {
  subject: EditorSubjectLayer;
  doc: EditorDocument;
  matrix: number[];
  identity: boolean;
  nodeRef: (node: Konva.Node | null) => void;
  onSelect: () => void;
  onChange: Change;
}) {
  const sprite = useHtmlImage(subject.sprite);
  const box = doc.subjects.find((s) => s.index === subject.index)?.box ?? subject.box;
  const rect = spriteRectFor(subject, box);
  if (!sprite) return null;
  const commit = (node: Konva.Node) => {
    const k = (rect.w * Math.abs(node.scaleX())) / subject.spriteRect.w;
    node.scaleX(1);
    node.scaleY(1);
    const w = Math.max(8, Math.round(subject.box.w * k));
    const h = Math.max(8, Math.round(subject.box.h * k));
    const next = { x: Math.round(node.x() - (subject.spriteRect.x - subject.box.x) * k), y: Math.round(node.y() - (subject.spriteRect.y - subject.box.y) * k), w, h };
    onChange((d) => ({ ...d, subjects: [...d.subjects.filter((s) => s.index !== subject.index), { index: subject.index, box: next }].sort((a, b) => a.index - b.index) }));
  };
  return (
    <FilteredImage
      image={sprite}
      x={rect.x}
      y={rect.y}
      width={rect.w}
      height={rect.h}
      matrix={matrix}
      identity={identity}
      draggable
      nodeRef={nodeRef}
      onMouseDown={onSelect}
      onTouchStart={onSelect}
      onDragEnd={(e) => commit(e.target)}
      onTransformEnd={(e) => commit(e.target)}
    />
  );
}

/** Where the sprite sits for a box: the Studio's placement for the original box, scaled with the box. */
export function spriteRectFor(subject: EditorSubjectLayer, box: { x: number; y: number; w: number; h: number }) {
  const k = box.w / Math.max(1, subject.box.w);
  return {
    x: box.x + (subject.spriteRect.x - subject.box.x) * k,
    y: box.y + (subject.spriteRect.y - subject.box.y) * k,
    w: subject.spriteRect.w * k,
    h: subject.spriteRect.h * k,
  };
}
