import { useTranslation } from "react-i18next";
import type { ImageRecord, ModelEntry } from "../../../contract/images.ts";
import type { Persona } from "../../../contract/personas.ts";
import { generationErrorMessage } from "../../lib/generation-error-message.ts";
import { frameSourceText } from "./frame-source.ts";

/** What the viewer says about an image: prompt, model, style, shape, personas, cost and date; a failure and its refund. */
export function ImageDetails({ image, models, personas }: { image: ImageRecord; models: readonly ModelEntry[]; personas: readonly Persona[] }) {
  const { t, i18n } = useTranslation("gallery");
  const { t: tApp } = useTranslation("app");
  const locale = i18n.resolvedLanguage ?? "en";
  const model = models.find((m) => m.id === image.model)?.label ?? image.model;
  const names = (image.personaIds ?? []).map((id) => personas.find((p) => p.id === id)?.name).filter((name): name is string => Boolean(name));
  const fromVideo = frameSourceText(t, image);
  const rows: [string, string][] = [
    ...(fromVideo ? [[t("viewer.source"), fromVideo] as [string, string]] : []),
    [t("viewer.model"), model ?? t("viewer.none")],
    [t("viewer.style"), image.style ? tApp(`studio.styles.${image.style}.label`) : t("viewer.none")],
    [t("viewer.aspect"), [t(`viewer.kinds.${image.kind}`), image.aspect, image.width && image.height ? `${image.width}×${image.height}` : null].filter(Boolean).join(" · ")],
    [t("viewer.personas"), names.length > 0 ? names.join(", ") : t("viewer.none")],
    [
      t("viewer.cost"),
      image.status === "failed" && image.creditsSpent > 0 ? t("tile.refunded", { count: image.creditsSpent }) : t("viewer.credits", { count: image.creditsSpent }),
    ],
    [t("viewer.created"), new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(image.createdAt))],
  ];
  return (
    <div className="grid gap-4">
      {image.status === "failed" && (
        <div role="note" className="grid gap-1 rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm">
          <p className="font-semibold text-danger">{t("viewer.failed")}</p>
          <p>{generationErrorMessage(tApp, image.errorCode)}</p>
        </div>
      )}
      <div className="grid gap-1">
        <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">{t("viewer.prompt")}</h3>
        <p className="max-h-40 overflow-y-auto text-sm break-words whitespace-pre-wrap" data-testid="viewer-prompt">
          {image.prompt?.trim() || fromVideo || t("tile.untitled")}
        </p>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted">{term}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
