import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ImageRecord, imageResponseSchema } from "../../contract/images.ts";
import { PERSONA_GENERATE_PATH, type PersonaDraft, personaDraftResponseSchema, type PersonaRole, REPLACE_SUBJECT_PATH } from "../../contract/personas.ts";
import { type Video, type VideoFrameResponse, videoFrameResponseSchema, type VideoListResponse, videoListResponseSchema, type VideoProgress, videoResponseSchema } from "../../contract/videos.ts";
import { VIDEOS_PATH, videoAnalysePath, videoCancelPath, videoFramesPath, videoPath } from "../../contract/videos.ts";
import { ApiError, actionRequest, apiRequest } from "./api.ts";
import { storeImage } from "./image-cache.ts";
import { receiveImage } from "./image-lists.ts";
import { useSocketEvent, useSocketReconnect } from "./socket-context.tsx";

/**
 * The videos of From your video (docs/product/videos.md): the list and each video in the TanStack cache, kept live by
 * `video:update` (the whole record) and `video:progress` (the finder's count), and the actions on a video. The upload
 * itself is `video-upload.ts`.
 */
export const videosKey = [VIDEOS_PATH] as const;
export const videoKey = (id: string) => [VIDEOS_PATH, id] as const;

export async function listVideos(): Promise<VideoListResponse> {
  const res = await apiRequest("GET", VIDEOS_PATH);
  return videoListResponseSchema.parse(await res.json());
}

export async function getVideo(id: string): Promise<Video> {
  const res = await apiRequest("GET", videoPath(id));
  return videoResponseSchema.parse(await res.json()).video;
}

async function postVideo(path: string): Promise<Video> {
  const res = await apiRequest("POST", path);
  return videoResponseSchema.parse(await res.json()).video;
}

export const cancelVideo = (id: string): Promise<Video> => postVideo(videoCancelPath(id));
export const analyseVideo = (id: string): Promise<Video> => postVideo(videoAnalysePath(id));

export async function deleteVideo(id: string): Promise<void> {
  await apiRequest("DELETE", videoPath(id));
}

/** Cuts the frame at `timeMs` out of the video: an upload image, pending until a worker has made it. */
export async function pickFrame(videoId: string, timeMs: number): Promise<VideoFrameResponse> {
  const res = await apiRequest("POST", videoFramesPath(videoId), { timeMs: Math.round(timeMs) });
  return videoFrameResponseSchema.parse(await res.json());
}

/** The three things a frame becomes (docs/product/videos.md); each is a paid action with its own Idempotency-Key. */
export async function thumbnailFromFrame(frameImageId: string, prompt: string, style: string): Promise<ImageRecord> {
  const res = await actionRequest("POST", "/api/generate-kontext-image", { prompt, style, baseImageId: frameImageId, model: "studio" });
  return imageResponseSchema.parse(await res.json()).image;
}

export async function swapIntoFrame(frameImageId: string, personaId: string): Promise<ImageRecord> {
  const res = await actionRequest("POST", REPLACE_SUBJECT_PATH, { baseImageId: frameImageId, personaId });
  return imageResponseSchema.parse(await res.json()).image;
}

/** Starts a persona draft from the frame; the Persona view follows it (`?draft=<id>`) to its Save. */
export async function personaFromFrame(frameImageId: string, role: PersonaRole): Promise<PersonaDraft> {
  const res = await actionRequest("POST", PERSONA_GENERATE_PATH, { photoIds: [frameImageId], role });
  return personaDraftResponseSchema.parse(await res.json()).draft;
}

/** Writes one video into its own entry and the list (at the top when the list does not hold it yet). */
export function storeVideo(queryClient: QueryClient, video: Video): void {
  queryClient.setQueryData<Video>(videoKey(video.id), video);
  queryClient.setQueryData<VideoListResponse>(videosKey, (list) => {
    if (!list) return list;
    const others = list.videos.filter((v) => v.id !== video.id);
    const known = others.length !== list.videos.length;
    return { videos: known ? list.videos.map((v) => (v.id === video.id ? video : v)) : [video, ...others] };
  });
}

function forgetVideo(queryClient: QueryClient, id: string): void {
  queryClient.removeQueries({ queryKey: videoKey(id), exact: true });
  queryClient.setQueryData<VideoListResponse>(videosKey, (list) => list && { videos: list.videos.filter((v) => v.id !== id) });
}

/** Applies a `video:progress` event: the finder's count moves while the status stays analysing. */
export function withProgress(video: Video, progress: VideoProgress): Video {
  return video.status === "analysing" ? { ...video, progress } : video;
}

/** Keeps the cached videos live; mounted by each screen part that shows a video (the listeners are cheap). */
export function useVideoLive(): void {
  const queryClient = useQueryClient();
  useSocketEvent("video:update", ({ video }) => storeVideo(queryClient, video));
  useSocketEvent("video:progress", ({ videoId, progress }) => {
    const current = queryClient.getQueryData<Video>(videoKey(videoId));
    if (current) storeVideo(queryClient, withProgress(current, progress));
  });
  useSocketReconnect(() => void queryClient.invalidateQueries({ queryKey: videosKey }));
}

/** The user's unexpired videos, newest first. */
export function useVideos() {
  useVideoLive();
  return useQuery({ queryKey: videosKey, queryFn: listVideos });
}

/** Whether a video's request failed because it is gone (deleted or expired), not for a lost connection or a server error. */
export function isMissingVideo(error: unknown): boolean {
  return error instanceof ApiError && error.code === "not_found:video";
}

/** One video, live. */
export function useVideo(id: string | undefined) {
  useVideoLive();
  return useQuery({ queryKey: videoKey(id ?? ""), queryFn: () => getVideo(id ?? ""), enabled: id !== undefined });
}

/** Cancel, analyse again and delete, each writing its answer into the cache. */
export function useVideoActions() {
  const queryClient = useQueryClient();
  const store = (video: Video) => storeVideo(queryClient, video);
  return {
    cancel: useMutation({ mutationFn: cancelVideo, onSuccess: store }),
    analyse: useMutation({ mutationFn: analyseVideo, onSuccess: store }),
    remove: useMutation({ mutationFn: deleteVideo, onSuccess: (_, id) => forgetVideo(queryClient, id) }),
  };
}

/** Picks a frame; the pending image goes into the image cache, where `image:update` makes it ready. */
export function usePickFrame(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeMs: number) => pickFrame(videoId, timeMs),
    onSuccess: ({ image }) => storeImage(queryClient, image, true),
  });
}

/** A result image started from a frame: listed like any generation so its progress and its end arrive. */
export function useFrameResult() {
  const queryClient = useQueryClient();
  return (image: ImageRecord) => receiveImage(queryClient, image);
}
