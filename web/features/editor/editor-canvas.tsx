import type Konva from "konva";
import { useEffect, useMemo, useRef, useState } from "react";
import { Group, Layer, Line, Stage, Text, Transformer } from "react-konva";
import {
  colourTransform,
  EDITOR_FONT_SIZE,
  EDITOR_LINE_HEIGHT,
  type EditorCrop,
  type EditorDocument,
  type EditorLayersResponse,
  type EditorText,
  outputSize,
} from "../../../contract/editor.ts";
import { FilteredImage, SubjectNode, useHtmlImage } from "./canvas-images.tsx";
import { CropFrame } from "./crop-frame.tsx";
import { SUBJECT_PREFIX, subjectLayerId } from "./document.ts";
import { fontFamily } from "./fonts.ts";
import { decompose, type Matrix, snap, sourceToOutput } from "./geometry.ts";

export interface CanvasProps {
  layers: EditorLayersResponse;
  doc: EditorDocument;
  selected: string | null;
  onSelect: (id: string | null) => void;
  /** A change of the document; `group` merges a run of changes into one undo step. */
  onChange: (update: (doc: EditorDocument) => EditorDocument, group?: string) => void;
  /** Bumped when a face finishes loading, so text is measured again. */
  fontsVersion: number;
  /** The largest height the canvas may take, in CSS pixels. */
  maxHeight: number;
  /** Cropping on the canvas: the whole picture with the crop as a frame to move and resize; no text meanwhile. */
  cropping: boolean;
  width: number;
}

const CROP_FRAME = "crop-frame";

/** The editor's canvas (react-konva): the picture through crop, turn and flips, the personas over it, then the text. */
export function EditorCanvas({ layers, doc: edited, selected: picked, onSelect, onChange, fontsVersion, maxHeight, width: available, cropping }: CanvasProps) {
  const source = { width: layers.image.width ?? 1280, height: layers.image.height ?? 720 };
  // While cropping, the picture is shown whole and the crop is the frame over it.
  const doc = cropping ? { ...edited, crop: { ...edited.crop, x: 0, y: 0, w: source.width, h: source.height } } : edited;
  const selected = cropping ? CROP_FRAME : picked;
  const [liveCrop, setLiveCrop] = useState<EditorCrop | null>(null);
  const frame = outputSize(doc);
  const scale = Math.min(available / frame.width, maxHeight / frame.height);
  const matrix = useMemo(() => colourTransform(doc.adjust, doc.filter), [doc.adjust, doc.filter]);
  const identity = matrix.every((v, i) => Math.abs(v - ([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0][i] ?? 0)) < 1e-9);
  const base = useHtmlImage(layers.studio?.backplate ?? layers.image.urls?.preview);
  const front = useHtmlImage(layers.studio?.front ?? undefined);
  const transformer = useRef<Konva.Transformer | null>(null);
  const nodes = useRef(new Map<string, Konva.Node>());
  const [guides, setGuides] = useState<{ vertical: number[]; horizontal: number[] }>({ vertical: [], horizontal: [] });
  const m: Matrix = sourceToOutput(doc);
  const decomposed = decompose(m);

  useEffect(() => {
    const tr = transformer.current;
    if (!tr) return;
    const node = selected ? nodes.current.get(selected) : undefined;
    tr.nodes(node ? [node] : []);
    tr.getLayer()?.batchDraw();
  }, [selected, doc, fontsVersion, cropping]);

  const register = (id: string) => (node: Konva.Node | null) => {
    if (node) nodes.current.set(id, node);
    else nodes.current.delete(id);
  };

  const snapText = (node: Konva.Node) => {
    const parent = node.getParent();
    if (!parent) return;
    const box = node.getClientRect({ relativeTo: parent });
    const found = snap({ x: box.x, y: box.y, w: box.width, h: box.height }, frame, 6 / scale);
    node.x(node.x() + found.dx);
    node.y(node.y() + found.dy);
    setGuides(found.guides);
  };

  const endTextTransform = (layer: EditorText, node: Konva.Text) => {
    const factor = Math.abs(node.scaleX());
    node.scaleX(1);
    node.scaleY(1);
    const size = Math.min(EDITOR_FONT_SIZE.max, Math.max(EDITOR_FONT_SIZE.min, Math.round(layer.size * factor * 10) / 10));
    onChange((d) => ({
      ...d,
      texts: d.texts.map((t) =>
        t.id === layer.id ? { ...t, size, stroke: { ...t.stroke, width: Math.min(60, Math.round(t.stroke.width * factor * 10) / 10) }, x: round(node.x()), y: round(node.y()), rotation: clampRotation(node.rotation()) } : t,
      ),
    }));
  };

  return (
    <Stage
      width={Math.round(frame.width * scale)}
      height={Math.round(frame.height * scale)}
      onMouseDown={(e) => {
        if (e.target === e.target.getStage()) onSelect(null);
      }}
      onTouchStart={(e) => {
        if (e.target === e.target.getStage()) onSelect(null);
      }}
    >
      <Layer>
        <Group scaleX={scale} scaleY={scale}>
          <Group {...decomposed} clipX={doc.crop.x} clipY={doc.crop.y} clipWidth={doc.crop.w} clipHeight={doc.crop.h}>
            {base && (
              <FilteredImage
                image={base}
                width={source.width}
                height={source.height}
                matrix={matrix}
                identity={identity}
                onMouseDown={() => onSelect(null)}
                onTouchStart={() => onSelect(null)}
              />
            )}
            {[...(layers.studio?.subjects ?? [])].map((subject) => (
              <SubjectNode
                key={subject.index}
                subject={subject}
                doc={doc}
                matrix={matrix}
                identity={identity}
                nodeRef={register(subjectLayerId(subject.index))}
                onSelect={() => onSelect(subjectLayerId(subject.index))}
                onChange={onChange}
              />
            ))}
            {front && <FilteredImage image={front} width={source.width} height={source.height} matrix={matrix} identity={identity} listening={false} />}
            {cropping && (
              <CropFrame
                crop={liveCrop ?? edited.crop}
                source={source}
                scale={scale}
                nodeRef={register(CROP_FRAME)}
                onMove={setLiveCrop}
                onCommit={(crop) => {
                  setLiveCrop(null);
                  onChange((d) => ({ ...d, crop }));
                }}
              />
            )}
          </Group>
          {!cropping && doc.texts.map((layer) => (
            <Text
              key={`${layer.id}-${fontsVersion}`}
              ref={register(layer.id)}
              name={layer.id}
              text={layer.text}
              fontFamily={fontFamily(layer.face)}
              fontSize={layer.size}
              lineHeight={EDITOR_LINE_HEIGHT}
              align={layer.align}
              fill={layer.fill}
              stroke={layer.stroke.width > 0 ? layer.stroke.color : undefined}
              strokeWidth={layer.stroke.width}
              fillAfterStrokeEnabled
              lineJoin="round"
              shadowColor={layer.shadow.color}
              shadowBlur={layer.shadow.blur}
              shadowOffsetX={layer.shadow.dx}
              shadowOffsetY={layer.shadow.dy}
              shadowOpacity={layer.shadow.opacity}
              shadowEnabled={layer.shadow.opacity > 0}
              x={layer.x}
              y={layer.y}
              rotation={layer.rotation}
              draggable
              onMouseDown={() => onSelect(layer.id)}
              onTouchStart={() => onSelect(layer.id)}
              onDragMove={(e) => snapText(e.target)}
              onDragEnd={(e) => {
                setGuides({ vertical: [], horizontal: [] });
                const node = e.target;
                onChange((d) => ({ ...d, texts: d.texts.map((t) => (t.id === layer.id ? { ...t, x: round(node.x()), y: round(node.y()) } : t)) }));
              }}
              onTransformEnd={(e) => endTextTransform(layer, e.target as Konva.Text)}
            />
          ))}
          {guides.vertical.map((x) => (
            <Line key={`v${x}`} points={[x, 0, x, frame.height]} stroke="#ec4899" strokeWidth={1 / scale} dash={[6 / scale, 4 / scale]} listening={false} />
          ))}
          {guides.horizontal.map((y) => (
            <Line key={`h${y}`} points={[0, y, frame.width, y]} stroke="#ec4899" strokeWidth={1 / scale} dash={[6 / scale, 4 / scale]} listening={false} />
          ))}
        </Group>
        <Transformer
          ref={transformer}
          rotateEnabled={!cropping && !selected?.startsWith(SUBJECT_PREFIX)}
          keepRatio={!(cropping && edited.crop.aspect === "free")}
          enabledAnchors={
            cropping && edited.crop.aspect === "free"
              ? ["top-left", "top-center", "top-right", "middle-left", "middle-right", "bottom-left", "bottom-center", "bottom-right"]
              : ["top-left", "top-right", "bottom-left", "bottom-right"]
          }
          anchorSize={12}
          borderStroke="#ec4899"
          anchorStroke="#ec4899"
          boundBoxFunc={(old, next) => (Math.abs(next.width) < 12 || Math.abs(next.height) < 12 ? old : next)}
        />
      </Layer>
    </Stage>
  );
}

const round = (v: number) => Math.round(v * 10) / 10;
function clampRotation(deg: number): number {
  let r = deg % 360;
  if (r > 180) r -= 360;
  if (r < -180) r += 360;
  return Math.round(r * 10) / 10;
}
