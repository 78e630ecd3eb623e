import { availableParallelism } from "node:os";
import sharp from "sharp";

/**
 * The only decoders libvips keeps. Outside bytes are sniffed as PNG, JPEG or WebP before any decode
 * (server/image-type.ts); SVG stays for the Studio, which draws its backgrounds, art and text as SVG of its own.
 * TIFF, GIF, HEIF/AVIF, JPEG 2000, JPEG XL, PDF, FITS, Matlab, OpenEXR, ImageMagick's many formats and every file or
 * stream loader are blocked: a bug in one of them cannot be reached, even by a picture that slipped past a sniff.
 */
export const allowedLoaders = ["VipsForeignLoadPngBuffer", "VipsForeignLoadJpegBuffer", "VipsForeignLoadWebpBuffer", "VipsForeignLoadSvgBuffer"] as const;

/** Blocks every libvips loader but `allowedLoaders`. Process-wide (worker threads included), so called once at start. */
export function blockUnusedLoaders(): void {
  sharp.block({ operation: ["VipsForeignLoad"] });
  sharp.unblock({ operation: [...allowedLoaders] });
}

/**
 * sharp gives libvips a single thread on glibc Linux without jemalloc (to limit heap fragmentation). A Studio render
 * is one pipeline at a time per job, so a thread per core cuts its p50 by ~7% and its p95 by ~20% on 2 cores
 * (measured interleaved, decision 007). Process-wide, so the server and the bench call it once at start.
 */
export function configureSharp(): void {
  sharp.concurrency(availableParallelism());
  blockUnusedLoaders();
}
