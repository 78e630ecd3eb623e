import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ImageRecord } from "../../../contract/images.ts";
import { FeedCheckVerdict } from "../../components/feed-check/feed-check-verdict.tsx";
import { Card } from "../../components/ui/card.tsx";
import { imageKey } from "../../lib/image-cache.ts";
import { getImage } from "../../lib/images-api.ts";
import { ChatIcon, icons } from "./icons.tsx";
import { type ImageActions, ImageResult } from "./image-result.tsx";
import { Spinner, ToolFailed } from "./tool-card.tsx";
import type { CheckToolPart } from "./types.ts";

type CheckOutput = Extract<CheckToolPart, { state: "output-available" }>["output"];

/** The checked image's verdict line, from the check the tool answered (not asked for again), and the fixes it led to. */
function CheckedImage({ output, actions }: { output: CheckOutput; actions: ImageActions }) {
  const { check } = output;
  const image = useQuery({ queryKey: imageKey(check.imageId), queryFn: () => getImage(check.imageId), staleTime: Number.POSITIVE_INFINITY });
  const [fixes, setFixes] = useState<ImageRecord[]>([]);
  if (!image.data) return null;
  return (
    <>
      <div className="flex items-center gap-3">
        {image.data.urls && <img src={image.data.urls.thumb} alt="" className="h-12 w-auto rounded-lg border border-border" />}
        <FeedCheckVerdict image={image.data} initial={check} onFixed={(made) => setFixes((shown) => [...shown, made])} />
      </div>
      {fixes.map((made) => (
        <ImageResult key={made.id} initial={made} actions={actions} />
      ))}
    </>
  );
}

/** A checkImage call: the feed check of an image, free (docs/product/chat.md, checkImage); the answer's text says it all. */
export function CheckToolCard({ part, actions }: { part: CheckToolPart; actions: ImageActions }) {
  const { t } = useTranslation("chat");
  return (
    <Card as="article" padding="none" radius="md" className="grid min-w-0 gap-3 p-4" data-testid="tool-card" data-tool={part.type} data-state={part.state}>
      <div role="status" aria-live="polite" className="grid gap-2">
        {(part.state === "input-streaming" || part.state === "input-available") && (
          <p className="flex items-center gap-2 font-semibold">
            <Spinner />
            {t("check.running")}
          </p>
        )}
        {part.state === "output-available" && (
          <p className="flex items-center gap-2 font-semibold">
            <ChatIcon d={icons.check} className="size-5" />
            {t("check.done")}
          </p>
        )}
        {part.state === "output-error" && <ToolFailed />}
      </div>
      {part.state === "output-available" && (
        <>
          <CheckedImage output={part.output} actions={actions} />
          <p className="text-xs text-muted">{t("check.free")}</p>
        </>
      )}
    </Card>
  );
}
