import { useTranslation } from "react-i18next";
import { useShellUser } from "../app/shell-user.ts";
import { VideoScreen } from "../features/videos/video-screen.tsx";
import { usePageMeta } from "../lib/use-page-meta.ts";

/** /app/video: From your video — upload a video, get its best frames, make a thumbnail or a persona from one. */
export default function VideoPage() {
  const { t } = useTranslation("videos");
  usePageMeta(t("meta.title"));
  const user = useShellUser();
  return <VideoScreen userId={user.id} />;
}
