// `npm run bench`: every figure of docs/product/platform.md (Performance figures), as medians of interleaved rounds
// with ratios. `npm run bench -- http` runs one group.
import { benchAuth } from "./auth.bench.ts";
import { benchChat } from "./chat.bench.ts";
import { benchFeedCheck } from "./feed-check.bench.ts";
import { benchFirstPaint } from "./first-paint.bench.ts";
import { benchGallery } from "./gallery.bench.ts";
import { benchHttp } from "./http.bench.ts";
import { benchIdempotency } from "./idempotency.bench.ts";
import { benchImages, benchThumbServing } from "./images.bench.ts";
import { benchLighthouse } from "./lighthouse.bench.ts";
import { benchScale } from "./scale.bench.ts";
import { benchSearch } from "./search.bench.ts";
import { benchSlowClients } from "./slow-clients.bench.ts";
import { benchStudio } from "./studio.bench.ts";
import { benchSubjects } from "./subjects.bench.ts";
import { benchSubjectsQuality } from "./subjects-quality.bench.ts";
import { benchSwap } from "./swap.bench.ts";
import { benchVideoUpload } from "./video-upload.bench.ts";
import { benchVideos } from "./videos.bench.ts";
import { benchWaitlist } from "./waitlist.bench.ts";

const groups: Record<string, () => Promise<void>> = { http: benchHttp, "slow-clients": benchSlowClients, waitlist: benchWaitlist, auth: benchAuth, studio: benchStudio, images: benchImages, thumbs: benchThumbServing, gallery: benchGallery, chat: benchChat, subjects: benchSubjects, "subjects-quality": benchSubjectsQuality, swap: benchSwap, idempotency: benchIdempotency, scale: benchScale, lighthouse: benchLighthouse, paint: benchFirstPaint, "feed-check": benchFeedCheck, videos: benchVideos, "video-upload": benchVideoUpload, search: benchSearch };
const wanted = process.argv.slice(2);
console.log(`# Thumbforge bench — node ${process.version}, ${new Date().toISOString()}`);
for (const [name, run] of Object.entries(groups)) {
  if (wanted.length === 0 || wanted.includes(name)) await run();
}
