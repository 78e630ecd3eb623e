import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import type { ImageRecord } from "../../../contract/images.ts";
import { ATTACH_PARAM } from "../../lib/app-links.ts";
import { getImage } from "../../lib/images-api.ts";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An image handed to the chat by a link (`/app?attach=<id>`, the gallery's "Use in chat"): read once, then dropped
 * from the URL so a reload does not attach it again. Only one of the user's finished images is attached; anything
 * else (someone else's id, a failed image, a malformed value) is ignored.
 */
export function useAttachParam(): ImageRecord | null {
  const [params, setParams] = useSearchParams();
  const id = params.get(ATTACH_PARAM);
  const [image, setImage] = useState<ImageRecord | null>(null);
  // Dropping the parameter re-runs the effect with none: the answer must still land, unless the composer is gone.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (id === null) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ATTACH_PARAM);
        return next;
      },
      { replace: true },
    );
    if (!uuid.test(id)) return;
    getImage(id).then(
      (record) => {
        if (mounted.current && record.status === "ready") setImage(record);
      },
      () => {},
    );
  }, [id, setParams]);
  return image;
}
