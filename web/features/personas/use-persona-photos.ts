import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ImageRecord } from "../../../contract/images.ts";
import { uploadTypes } from "../../../contract/images.ts";
import { MAX_PERSONA_PHOTOS } from "../../../contract/personas.ts";
import { useToast } from "../../components/ui/toaster.tsx";
import { serverErrorMessage } from "../../lib/api.ts";

export type PersonaPhoto = { key: string; name: string; status: "uploading" } | { key: string; name: string; status: "ready"; image: ImageRecord };

export const isImageFile = (file: File) => (uploadTypes as readonly string[]).includes(file.type);

/**
 * The photos a persona is made from: each file is uploaded as soon as it is picked, dropped or pasted; at most
 * MAX_PERSONA_PHOTOS. A failed upload is dropped with a toast carrying the server's reason (too big, not an image).
 */
export function usePersonaPhotos(upload: (file: File) => Promise<ImageRecord>) {
  const { t } = useTranslation("personas");
  const { toast } = useToast();
  const [photos, setPhotos] = useState<PersonaPhoto[]>([]);
  const nextKey = useRef(0);

  function add(files: readonly File[]) {
    const images = files.filter(isImageFile);
    if (images.length < files.length) toast({ variant: "destructive", title: t("upload.failed"), description: t("upload.wrongType") });
    const room = MAX_PERSONA_PHOTOS - photos.length;
    if (images.length > room) toast({ title: t("upload.tooMany", { count: MAX_PERSONA_PHOTOS }) });
    for (const file of images.slice(0, Math.max(room, 0))) {
      const key = `photo-${nextKey.current++}`;
      setPhotos((current) => [...current, { key, name: file.name, status: "uploading" }]);
      upload(file).then(
        (image) => setPhotos((current) => current.map((photo) => (photo.key === key ? { key, name: file.name, status: "ready", image } : photo))),
        (err: unknown) => {
          setPhotos((current) => current.filter((photo) => photo.key !== key));
          toast({ variant: "destructive", title: t("upload.failed"), description: serverErrorMessage(err) ?? t("upload.failedGeneric", { name: file.name }) });
        },
      );
    }
  }

  return {
    photos,
    add,
    remove: (key: string) => setPhotos((current) => current.filter((photo) => photo.key !== key)),
    clear: () => setPhotos([]),
    readyIds: photos.flatMap((photo) => (photo.status === "ready" ? [photo.image.id] : [])),
    uploading: photos.some((photo) => photo.status === "uploading"),
  };
}
