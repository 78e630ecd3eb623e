import { Select } from "radix-ui";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { type ImageAspect, type ImageStyle, imageAspectIds, imageStyles, type ModelEntry } from "../../../contract/images.ts";
import type { StyleKitRecord } from "../../../contract/style-kits.ts";
import { Link } from "react-router";
import { clientRoutes } from "../../../contract/client-routes.ts";
import { ChevronDown } from "../ui/chevron-down.tsx";
import { floatingPanelClass, floatingPanelPlacement } from "../ui/floating-panel.ts";

// Radio cards are native radios (arrow keys move, Space picks); the card draws the focus ring for its input.
const cardClass =
  "relative flex cursor-pointer rounded-2xl border border-border bg-surface transition hover:border-primary/60 " +
  "has-[:checked]:border-primary has-[:checked]:bg-surface-2 has-[:checked]:shadow-sm " +
  "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring " +
  "has-[:disabled]:cursor-not-allowed";

const swatches: Record<ImageStyle, string> = {
  realistic: "bg-[radial-gradient(circle_at_30%_35%,#fde68a_0,#f59e0b_18%,#7c2d12_55%,#1c1917_100%)]",
  cartoon: "bg-[repeating-conic-gradient(from_0deg_at_50%_60%,#facc15_0_12deg,#fb923c_12deg_24deg)]",
  abstract: "bg-[linear-gradient(135deg,#6366f1_0%,#ec4899_50%,#22d3ee_100%)]",
  vintage: "bg-[linear-gradient(160deg,#e7d3b0_0%,#b08150_60%,#5b3a1e_100%)]",
};

function Check() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="absolute top-2 right-2 hidden size-5 rounded-full bg-primary p-0.5 text-on-primary group-has-[:checked]:block" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
      <path d="M5 12l5 5 9-10" />
    </svg>
  );
}

/**
 * The four looks, and with `kits` the creator's style kits beside them as "My style" (docs/product/style-kits.md):
 * picking a kit picks its nearest look too; picking a look leaves the kit.
 */
export function StylePicker({
  value,
  onChange,
  disabled,
  kits,
  kitId,
  onKitChange,
}: {
  value: ImageStyle;
  onChange: (style: ImageStyle) => void;
  disabled?: boolean;
  kits?: readonly StyleKitRecord[] | undefined;
  kitId?: string | undefined;
  onKitChange?: ((kit: StyleKitRecord) => void) | undefined;
}) {
  const { t } = useTranslation("app");
  const name = useId();
  const kitPicked = kits?.some((kit) => kit.id === kitId) === true;
  return (
    <fieldset className="grid min-w-0 gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold">{t("studio.styleLegend")}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {imageStyles.map((style) => (
          <label key={style} className={`group ${cardClass} flex-col gap-2 p-2`} data-testid={`style-${style}`}>
            <input type="radio" name={name} value={style} checked={!kitPicked && value === style} onChange={() => onChange(style)} className="sr-only" />
            <span aria-hidden="true" className={`h-12 rounded-xl ${swatches[style]}`} />
            <span className="grid gap-0.5 px-1 pb-1">
              <span className="text-sm font-semibold">{t(`studio.styles.${style}.label`)}</span>
              <span className="text-xs leading-snug text-muted">{t(`studio.styles.${style}.hint`)}</span>
            </span>
            <Check />
          </label>
        ))}
        {kits?.map((kit) => (
          <label key={kit.id} className={`group ${cardClass} flex-col gap-2 p-2`} data-testid={`style-kit-${kit.id}`}>
            <input type="radio" name={name} value={kit.id} checked={kitId === kit.id} onChange={() => onKitChange?.(kit)} className="sr-only" />
            <span aria-hidden="true" className="flex h-12 overflow-hidden rounded-xl">
              {kit.kit.palette.map((swatch) => (
                <span key={swatch.color} className="h-full" style={{ backgroundColor: swatch.color, flexGrow: Math.max(0.05, swatch.share) }} />
              ))}
            </span>
            <span className="grid gap-0.5 px-1 pb-1">
              <span className="text-sm font-semibold">{t("studio.myStyle")}</span>
              <span className="truncate text-xs leading-snug text-muted">{kit.name}</span>
            </span>
            <Check />
          </label>
        ))}
      </div>
      {kits && (
        <Link to={clientRoutes.styleKits} className="mt-1 justify-self-start text-sm font-semibold text-primary underline-offset-4 hover:underline" data-testid="style-kits-link">
          {kits.length === 0 ? t("studio.makeStyleKit") : t("studio.manageStyleKits")}
        </Link>
      )}
    </fieldset>
  );
}

/** Each frame by the word its labels use. */
export const aspectNames: Record<ImageAspect, "landscape" | "portrait" | "square"> = { "16:9": "landscape", "9:16": "portrait", "1:1": "square" };
const aspectShapes: Record<ImageAspect, string> = { "16:9": "h-[18px] w-8", "9:16": "h-7 w-4", "1:1": "size-6" };

export function AspectPicker({ value, onChange, disabled }: { value: ImageAspect; onChange: (aspect: ImageAspect) => void; disabled?: boolean }) {
  const { t } = useTranslation("app");
  const name = useId();
  return (
    <fieldset className="grid min-w-0 gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold">{t("studio.aspectLegend")}</legend>
      <div className="grid grid-cols-3 gap-2">
        {imageAspectIds.map((aspect) => (
          <label key={aspect} className={`group ${cardClass} flex-col items-center gap-1.5 px-0.5 py-3 text-center`} data-testid={`aspect-${aspect}`}>
            <input type="radio" name={name} value={aspect} checked={value === aspect} onChange={() => onChange(aspect)} className="sr-only" />
            <span aria-hidden="true" className="grid h-8 place-items-center">
              <span className={`rounded-[4px] border-2 border-current text-muted group-has-[:checked]:bg-primary/15 group-has-[:checked]:text-primary ${aspectShapes[aspect]}`} />
            </span>
            <span className="grid">
              <span className="text-[13px] font-semibold hyphens-auto [overflow-wrap:anywhere] sm:text-sm">{t(`studio.aspects.${aspectNames[aspect]}`)}</span>
              <span className="text-xs font-semibold text-muted tabular-nums">{aspect}</span>
            </span>
            <span className="text-xs leading-snug text-muted">{t(`studio.aspects.${aspectNames[aspect]}Use`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function ModelPicker({
  models,
  value,
  onChange,
  disabled,
}: {
  models: readonly ModelEntry[];
  value: string | undefined;
  onChange: (modelId: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation("app");
  const labelId = useId();
  return (
    <div className="grid min-w-0 gap-2">
      <span id={labelId} className="text-sm font-semibold">
        {t("studio.modelLabel")}
      </span>
      <Select.Root value={value ?? ""} onValueChange={onChange} disabled={disabled || models.length === 0}>
        <Select.Trigger
          aria-labelledby={labelId}
          data-testid="model-picker"
          className="flex h-12 w-full min-w-0 items-center justify-between gap-2 rounded-xl border border-border bg-surface px-4 text-left text-base hover:border-primary/60 disabled:opacity-70"
        >
          <span className="truncate">
            <Select.Value placeholder={t("studio.modelsLoading")} />
          </span>
          <Select.Icon className="shrink-0 text-muted">
            <ChevronDown />
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content
            position="popper"
            {...floatingPanelPlacement}
            className={`${floatingPanelClass} max-h-[min(26rem,var(--radix-select-content-available-height))] w-[var(--radix-select-trigger-width)] min-w-[min(20rem,calc(100vw-1.5rem))] overflow-hidden p-1`}
          >
            <Select.Viewport className="grid gap-0.5">
              {models.map((model) => (
                <Select.Item
                  key={model.id}
                  value={model.id}
                  disabled={!model.available}
                  className="relative grid cursor-pointer gap-0.5 rounded-xl py-2 pr-3 pl-9 outline-none select-none data-[disabled]:cursor-not-allowed data-[highlighted]:bg-surface-2"
                >
                  <Select.ItemIndicator className="absolute top-2 left-3 font-bold text-primary">✓</Select.ItemIndicator>
                  <span className="flex flex-wrap items-center gap-x-2">
                    <span className={`font-semibold ${model.available ? "" : "text-muted"}`}>
                      <Select.ItemText>{model.label}</Select.ItemText>
                    </span>
                    {model.popular && (
                      <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold text-primary">{t("studio.popular")}</span>
                    )}
                  </span>
                  <span className="text-xs text-muted">
                    {t("studio.modelCost", { count: model.creditCost })}
                    {!model.available && (
                      <>
                        {" · "}
                        {t("studio.modelUnavailable")}
                      </>
                    )}
                  </span>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </div>
  );
}
