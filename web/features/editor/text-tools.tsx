import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { EDITOR_FONT_SIZE, EDITOR_MAX_TEXT_LENGTH, EDITOR_MAX_TEXTS, editorAligns, editorFaces, type EditorSubjectLayer, type EditorText } from "../../../contract/editor.ts";
import { Button } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { newTextLayer, subjectLayerId, updateText } from "./document.ts";
import { editorIcons } from "./icons.ts";
import type { ToolProps } from "./image-tools.tsx";
import { Slider } from "./slider.tsx";

/**
 * Add Text: the layers (text and personas) as a list to select from — the keyboard's way onto the canvas, where the
 * arrow keys move the selected one — and the selected text layer's words, face, size, colours, outline and shadow.
 */
export function TextTools({
  doc,
  onChange,
  selected,
  onSelect,
  subjects,
  onMoveKey,
}: ToolProps & { selected: string | null; onSelect: (id: string | null) => void; subjects: EditorSubjectLayer[]; onMoveKey: (e: React.KeyboardEvent) => void }) {
  const { t } = useTranslation("editor");
  const layer = doc.texts.find((l) => l.id === selected);
  const full = doc.texts.length >= EDITOR_MAX_TEXTS;
  const add = () => {
    const created = newTextLayer(doc, t("text.defaultText"));
    if (!created) return;
    onChange((d) => ({ ...d, texts: [...d.texts, created] }));
    onSelect(created.id);
  };

  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <Button size="sm" onClick={add} disabled={full}>
          <Icon d={editorIcons.text} className="size-4" />
          {t("text.add")}
        </Button>
        {full && <p className="text-xs text-muted">{t("text.limit", { count: EDITOR_MAX_TEXTS })}</p>}
      </div>

      <div className="grid gap-2">
        <h2 className="text-sm font-semibold" id="editor-layers">
          {t("text.layers")}
        </h2>
        {doc.texts.length === 0 && subjects.length === 0 ? (
          <p className="text-sm text-muted">{t("text.empty")}</p>
        ) : (
          <ul className="grid gap-1" aria-labelledby="editor-layers">
            {[...doc.texts].reverse().map((l) => (
              <LayerButton key={l.id} id={l.id} label={l.text.replaceAll("\n", " ")} icon={editorIcons.text} selected={selected} onSelect={onSelect} onMoveKey={onMoveKey} />
            ))}
            {subjects.map((s) => (
              <LayerButton
                key={s.index}
                id={subjectLayerId(s.index)}
                label={t("text.persona", { name: s.name })}
                icon={editorIcons.person}
                selected={selected}
                onSelect={onSelect}
                onMoveKey={onMoveKey}
              />
            ))}
          </ul>
        )}
      </div>

      {layer && (
        <TextStyle
          layer={layer}
          onChange={onChange}
          onDelete={() => {
            onChange((d) => ({ ...d, texts: d.texts.filter((x) => x.id !== layer.id) }));
            onSelect(null);
          }}
        />
      )}
    </div>
  );
}

function LayerButton({ id, label, icon, selected, onSelect, onMoveKey }: { id: string; label: string; icon: string; selected: string | null; onSelect: (id: string) => void; onMoveKey: (e: React.KeyboardEvent) => void }) {
  const active = selected === id;
  return (
    <li>
      <button
        type="button"
        aria-pressed={active}
        data-layer={id}
        onClick={() => onSelect(id)}
        onKeyDown={(e) => {
          if (active) onMoveKey(e);
        }}
        className={`flex h-10 w-full items-center gap-2 rounded-lg border px-3 text-left text-sm transition ${active ? "border-primary bg-primary/10 font-semibold" : "border-border bg-surface hover:bg-surface-2"}`}
      >
        <Icon d={icon} className="size-4 text-muted" />
        <span className="truncate">{label}</span>
      </button>
    </li>
  );
}

function TextStyle({ layer, onChange, onDelete }: { layer: EditorText; onChange: ToolProps["onChange"]; onDelete: () => void }) {
  const { t } = useTranslation("editor");
  const ids = { text: useId(), face: useId(), fill: useId(), stroke: useId(), shadow: useId() };
  const set = (change: Partial<EditorText>, group?: string) => onChange((d) => updateText(d, layer.id, change), group ? `${layer.id}-${group}` : undefined);
  const shadowOn = layer.shadow.opacity > 0;

  return (
    <fieldset className="grid gap-4 border-t border-border pt-4">
      <legend className="sr-only">{t("text.style")}</legend>
      <div className="grid gap-1">
        <label htmlFor={ids.text} className="text-sm font-semibold">
          {t("text.content")}
        </label>
        <WordsField key={layer.id} id={ids.text} text={layer.text} onCommit={(text) => set({ text }, "text")} />
      </div>
      <div className="grid gap-1">
        <label htmlFor={ids.face} className="text-sm font-semibold">
          {t("text.face")}
        </label>
        <select id={ids.face} value={layer.face} onChange={(e) => set({ face: e.target.value as EditorText["face"] })} className="h-10 rounded-xl border border-border bg-surface px-3 text-sm text-fg">
          {editorFaces.map((face) => (
            <option key={face} value={face}>
              {t(`faces.${face}`)}
            </option>
          ))}
        </select>
      </div>
      <Slider label={t("text.size")} min={EDITOR_FONT_SIZE.min} max={300} step={1} value={Math.min(300, Math.round(layer.size))} format={(v) => `${v}px`} onChange={(v) => set({ size: v }, "size")} />
      <div className="grid grid-cols-2 gap-3">
        <ColourField id={ids.fill} label={t("text.fill")} value={layer.fill} onChange={(fill) => set({ fill }, "fill")} />
        <ColourField id={ids.stroke} label={t("text.stroke")} value={layer.stroke.color} onChange={(color) => set({ stroke: { ...layer.stroke, color } }, "stroke-colour")} />
      </div>
      <Slider label={t("text.strokeWidth")} min={0} max={40} step={1} value={Math.min(40, Math.round(layer.stroke.width))} format={(v) => `${v}px`} onChange={(v) => set({ stroke: { ...layer.stroke, width: v } }, "stroke-width")} />
      <div className="grid gap-3">
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            checked={shadowOn}
            onChange={(e) => set({ shadow: { ...layer.shadow, opacity: e.target.checked ? 0.6 : 0 } })}
            className="size-4 accent-primary"
          />
          {t("text.shadow")}
        </label>
        {shadowOn && (
          <>
            <ColourField id={ids.shadow} label={t("text.shadowColour")} value={layer.shadow.color} onChange={(color) => set({ shadow: { ...layer.shadow, color } }, "shadow-colour")} />
            <Slider label={t("text.shadowBlur")} min={0} max={40} step={1} value={Math.round(layer.shadow.blur)} format={(v) => `${v}px`} onChange={(v) => set({ shadow: { ...layer.shadow, blur: v } }, "shadow-blur")} />
            <Slider
              label={t("text.shadowDistance")}
              min={0}
              max={40}
              step={1}
              value={Math.round(Math.max(Math.abs(layer.shadow.dx), Math.abs(layer.shadow.dy)))}
              format={(v) => `${v}px`}
              onChange={(v) => set({ shadow: { ...layer.shadow, dx: Math.round(v * 0.7), dy: v } }, "shadow-distance")}
            />
          </>
        )}
      </div>
      <div className="grid gap-1">
        <span className="text-sm font-semibold" id={`${ids.text}-align`}>
          {t("text.align")}
        </span>
        <div className="grid grid-cols-3 gap-2" role="group" aria-labelledby={`${ids.text}-align`}>
          {editorAligns.map((align) => (
            <Button key={align} size="xs" variant={layer.align === align ? "primary" : "secondary"} aria-pressed={layer.align === align} onClick={() => set({ align })}>
              {t(`aligns.${align}`)}
            </Button>
          ))}
        </div>
      </div>
      <Slider label={t("text.rotation")} min={-180} max={180} step={1} value={Math.round(layer.rotation)} format={(v) => `${v}°`} onChange={(v) => set({ rotation: v }, "rotation")} />
      <Button size="xs" variant="secondary" onClick={onDelete}>
        <Icon d={editorIcons.trash} className="size-4" />
        {t("text.delete")}
      </Button>
    </fieldset>
  );
}

/**
 * The layer's words. A layer always has some, so an emptied field is kept here, not in the document, until
 * something is typed again; an undo that changes the words shows them.
 */
function WordsField({ id, text, onCommit }: { id: string; text: string; onCommit: (text: string) => void }) {
  const [draft, setDraft] = useState(text);
  const [seen, setSeen] = useState(text);
  if (text !== seen) {
    setSeen(text);
    setDraft(text);
  }
  return (
    <textarea
      id={id}
      value={draft}
      maxLength={EDITOR_MAX_TEXT_LENGTH}
      rows={2}
      onChange={(e) => {
        const next = e.target.value.replaceAll("\u0000", "");
        setDraft(next);
        if (next.trim() !== "") {
          setSeen(next);
          onCommit(next);
        }
      }}
      className="w-full rounded-xl border border-border bg-surface px-3 py-2 text-base text-fg"
    />
  );
}

function ColourField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input id={id} type="color" value={value} onChange={(e) => onChange(e.target.value)} className="h-10 w-14 cursor-pointer rounded-lg border border-border bg-surface p-1" />
        <span className="font-mono text-xs text-muted uppercase">{value}</span>
      </div>
    </div>
  );
}
