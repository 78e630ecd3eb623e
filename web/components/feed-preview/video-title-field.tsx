import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { cleanTitle, type ImageRecord, TITLE_MAX, titleLength } from "../../../contract/images.ts";
import { errorCodeOf } from "../../lib/api.ts";
import { feedCheckKey } from "../../lib/feed-check-api.ts";
import { receiveImage } from "../../lib/image-lists.ts";
import { setImageTitle } from "../../lib/images-api.ts";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/field.tsx";

export interface VideoTitleFieldProps {
  /** The image whose video title it is, as the cache holds it (its `title` is the saved one). */
  image: ImageRecord;
  /** What the field shows: the draft being typed, else the saved title, else the caller's default. */
  value: string;
  onChange: (value: string) => void;
  name: string;
}

/**
 * The video's title with a Save beside it (docs/product/images.md, Video title): saved with the image, free, for the
 * feed preview and the feed check. A blank field clears the saved title; one over YouTube's 100 characters is refused
 * here with the reason, as the server would refuse it, and nothing is sent.
 */
export function VideoTitleField({ image, value, onChange, name }: VideoTitleFieldProps) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (title: string | null) => setImageTitle(image.id, title),
    onSuccess: (saved) => {
      receiveImage(queryClient, saved);
      // The feed check reads the title (a headline that repeats it is a finding): the one held is out of date.
      void queryClient.invalidateQueries({ queryKey: feedCheckKey(image.id) });
    },
  });
  const wanted = cleanTitle(value);
  const saved = image.title ?? null;
  const tooLong = wanted !== null && titleLength(wanted) > TITLE_MAX;
  const unchanged = wanted === saved;
  const failure = save.isError && !save.isPending ? (errorCodeOf(save.error) === "unprocessable:title_too_long" ? "tooLong" : "failed") : undefined;
  const error = tooLong ? t("videoTitle.tooLong", { max: TITLE_MAX }) : failure ? t(`videoTitle.${failure}`, { max: TITLE_MAX }) : null;
  const hint = unchanged ? (saved === null ? t("videoTitle.notSaved") : t("videoTitle.saved")) : t("videoTitle.unsaved", { length: wanted === null ? 0 : titleLength(wanted), max: TITLE_MAX });

  return (
    <form
      className="grid min-w-0"
      onSubmit={(event) => {
        event.preventDefault();
        if (!tooLong && !unchanged) save.mutate(wanted);
      }}
    >
      <TextField
        label={t("videoTitle.label")}
        value={value}
        onChange={(next) => {
          if (save.isError) save.reset();
          onChange(next);
        }}
        name={name}
        error={error}
        hint={<span data-testid="video-title-state">{hint}</span>}
        trailing={
          <Button type="submit" size="xs" variant={unchanged ? "secondary" : "primary"} disabled={tooLong || unchanged} loading={save.isPending} data-testid="video-title-save">
            {wanted === null && saved !== null ? t("videoTitle.clear") : t("videoTitle.save")}
          </Button>
        }
      />
    </form>
  );
}
