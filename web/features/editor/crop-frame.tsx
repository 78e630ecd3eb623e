import type Konva from "konva";
import { Rect } from "react-konva";
import type { EditorCrop } from "../../../contract/editor.ts";

const ratios = { "16:9": 16 / 9, "9:16": 9 / 16, "1:1": 1 } as const;
const MIN_SIDE = 16;
const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/** The crop a dragged or resized frame node stands for: whole pixels, inside the image, in its shape. */
export function cropOfNode(node: Konva.Node, crop: EditorCrop, source: { width: number; height: number }): EditorCrop {
  let w = clamp(Math.round(node.width() * Math.abs(node.scaleX())), MIN_SIDE, source.width);
  let h = clamp(Math.round(node.height() * Math.abs(node.scaleY())), MIN_SIDE, source.height);
  if (crop.aspect !== "free") {
    const ratio = ratios[crop.aspect];
    h = Math.round(w / ratio);
    if (h > source.height) {
      h = source.height;
      w = Math.round(h * ratio);
    }
  }
  const x = clamp(Math.round(node.x()), 0, source.width - w);
  const y = clamp(Math.round(node.y()), 0, source.height - h);
  return { aspect: crop.aspect, x, y, w, h };
}

/**
 * The crop as a frame over the whole picture, in source pixels: the outside dimmed, the frame dragged to move it and
 * resized with the canvas's transformer (its shape kept unless free).
 */
export function CropFrame({
  crop,
  source,
  scale,
  nodeRef,
  onMove,
  onCommit,
}: {
  crop: EditorCrop;
  source: { width: number; height: number };
  scale: number;
  nodeRef: (node: Konva.Rect | null) => void;
  onMove: (crop: EditorCrop) => void;
  onCommit: (crop: EditorCrop) => void;
}) {
  const dim = "rgba(0, 0, 0, 0.55)";
  const { x, y, w, h } = crop;
  return (
    <>
      <Rect x={0} y={0} width={source.width} height={y} fill={dim} listening={false} />
      <Rect x={0} y={y + h} width={source.width} height={source.height - y - h} fill={dim} listening={false} />
      <Rect x={0} y={y} width={x} height={h} fill={dim} listening={false} />
      <Rect x={x + w} y={y} width={source.width - x - w} height={h} fill={dim} listening={false} />
      <Rect
        ref={nodeRef}
        x={x}
        y={y}
        width={w}
        height={h}
        // Nearly transparent rather than none, so the inside can be grabbed to move the frame.
        fill="rgba(255, 255, 255, 0.01)"
        stroke="#ec4899"
        strokeWidth={2 / scale}
        draggable
        onDragMove={(e) => {
          const next = cropOfNode(e.target, crop, source);
          e.target.x(next.x);
          e.target.y(next.y);
          onMove(next);
        }}
        onDragEnd={(e) => onCommit(cropOfNode(e.target, crop, source))}
        onTransformEnd={(e) => {
          const next = cropOfNode(e.target, crop, source);
          e.target.scaleX(1);
          e.target.scaleY(1);
          onCommit(next);
        }}
      />
    </>
  );
}
