import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ImageRecord } from "../../../contract/images.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { CompareSlider } from "./compare-slider.tsx";
import { ChatIcon, icons } from "./icons.tsx";

/** One side's choice of version: a row of v1, v2, … buttons, the chosen one pressed. */
function SidePicker({ label, versions, chosenId, onChoose }: { label: string; versions: readonly ImageRecord[]; chosenId: string; onChoose: (id: string) => void }) {
  const { t } = useTranslation("chat");
  return (
    <fieldset className="grid gap-1.5">
      <legend className="text-xs font-semibold text-muted">{label}</legend>
      <div className="flex flex-wrap gap-1.5">
        {versions.map((version, index) => (
          <Button
            key={version.id}
            size="xs"
            variant={version.id === chosenId ? "primary" : "secondary"}
            aria-pressed={version.id === chosenId}
            onClick={() => onChoose(version.id)}
            data-testid="compare-pick"
          >
            {t("versions.label", { number: index + 1 })}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * "Compare": two versions side by side under one slider, each side picked from the chain. It opens on the version
 * before the shown one against the shown one (the first two when the first is shown).
 */
export function VersionCompare({ versions, shownId }: { versions: readonly ImageRecord[]; shownId: string }) {
  const { t } = useTranslation("chat");
  const [open, setOpen] = useState(false);
  const shownAt = Math.max(0, versions.findIndex((v) => v.id === shownId));
  const [beforeId, setBeforeId] = useState<string>();
  const [afterId, setAfterId] = useState<string>();
  const defaultBefore = versions[shownAt === 0 ? 0 : shownAt - 1];
  const defaultAfter = versions[shownAt === 0 ? 1 : shownAt];
  const before = versions.find((v) => v.id === beforeId) ?? defaultBefore;
  const after = versions.find((v) => v.id === afterId) ?? defaultAfter;
  const numberOf = (image: ImageRecord) => versions.indexOf(image) + 1;
  const openWithDefaults = (next: boolean) => {
    if (next) {
      setBeforeId(undefined);
      setAfterId(undefined);
    }
    setOpen(next);
  };
  if (!before || !after) return null;
  const beforeLabel = t("versions.label", { number: numberOf(before) });
  const afterLabel = t("versions.label", { number: numberOf(after) });
  return (
    <Dialog
      open={open}
      onOpenChange={openWithDefaults}
      title={t("versions.compareTitle")}
      description={t("versions.compareHint")}
      className="max-w-4xl! p-4! sm:p-8!"
      trigger={
        <Button variant="secondary" size="xs" data-testid="compare-versions">
          <ChatIcon d={icons.compare} className="size-4" />
          {t("versions.compare")}
        </Button>
      }
    >
      <CompareSlider before={before} after={after} beforeLabel={beforeLabel} afterLabel={afterLabel} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SidePicker label={t("versions.left")} versions={versions} chosenId={before.id} onChoose={setBeforeId} />
        <SidePicker label={t("versions.right")} versions={versions} chosenId={after.id} onChoose={setAfterId} />
      </div>
      <div className="flex justify-end">
        <Button variant="secondary" size="sm" onClick={() => setOpen(false)}>
          {t("image.close")}
        </Button>
      </div>
    </Dialog>
  );
}
