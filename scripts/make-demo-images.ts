/**
 * Regenerates the landing page's demo images (web/public/demo/*), the Open Graph image (web/public/og.png) and
 * web/features/landing/demo-images.ts (sizes and srcsets) from one public-domain photo:
 *
 *   node scripts/make-demo-images.ts /path/to/astronaut.png
 *
 * The photo is NASA's portrait of astronaut Eileen Collins (public domain), shipped as astronaut.png in Debian's
 * python3-skimage: `apt-get download python3-skimage && dpkg-deb -x python3-skimage_*.deb x/` then
 * `find x -name astronaut.png`.
 *
 * Until the Studio engine exists, the persona cut-out, the thumbnail, the subject swap and the gallery are composed
 * here with sharp and SVG (rendered by librsvg, text in DejaVu Sans). Once the engine lands this script will
 * be re-pointed at it, so the landing page shows the engine's real output; the file names, sizes and the generated
 * module stay the same, so the page does not change.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const photoPath = process.argv[2];
if (!photoPath) {
  console.error("usage: node scripts/make-demo-images.ts <path-to-astronaut.png>");
  process.exit(2);
}

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = join(root, "web/public/demo");
const moduleFile = join(root, "web/features/landing/demo-images.ts");
const ogFile = join(root, "web/public/og.png");

const FONT = "DejaVu Sans";
const SERIF = "DejaVu Serif";
const INK = "#1a1033";

// ---------------------------------------------------------------------------------------------------------------
// Small helpers

function svg(width: number, height: number, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );
}

async function render(width: number, height: number, body: string): Promise<Buffer> {
  return sharp(svg(width, height, body)).png().toBuffer();
}

function dataUri(buffer: Buffer, type: "png" | "jpeg"): string {
  return `data:image/${type};base64,${buffer.toString("base64")}`;
}

/** Bold headline text with a thick dark outline drawn under the fill, the way thumbnails do it. */
function outlined(text: string, x: number, y: number, size: number, fill: string, options: { stroke?: number; ink?: string; family?: string; anchor?: string; shadow?: boolean } = {}): string {
  const stroke = options.stroke ?? Math.round(size * 0.16);
  const ink = options.ink ?? INK;
  const family = options.family ?? FONT;
  const anchor = options.anchor ?? "start";
  const common = `font-family="${family}" font-weight="bold" font-size="${size}" text-anchor="${anchor}" stroke-linejoin="round" stroke-linecap="round"`;
  const shadow = options.shadow === false ? "" : `<text x="${x + size * 0.05}" y="${y + size * 0.07}" ${common} fill="${ink}" stroke="${ink}" stroke-width="${stroke}">${text}</text>`;
  return `${shadow}<text x="${x}" y="${y}" ${common} fill="${ink}" stroke="${ink}" stroke-width="${stroke}">${text}</text><text x="${x}" y="${y}" ${common} fill="${fill}">${text}</text>`;
}

/** Sun-burst rays around (cx, cy). */
function rays(cx: number, cy: number, count: number, fill: string, opacity: number, radius = 2000): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const a0 = (i * 2 * Math.PI) / count;
    const a1 = a0 + Math.PI / count;
    const p = (a: number) => `${(cx + radius * Math.cos(a)).toFixed(1)},${(cy + radius * Math.sin(a)).toFixed(1)}`;
    out += `<polygon points="${cx},${cy} ${p(a0)} ${p(a1)}" fill="${fill}" opacity="${opacity}"/>`;
  }
  return out;
}

function softShadow(id: string, blur: number, dy: number, opacity: number): string {
  return `<filter id="${id}" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur in="SourceAlpha" stdDeviation="${blur}"/><feOffset dy="${dy}" result="b"/><feComponentTransfer><feFuncA type="linear" slope="${opacity}"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;
}

// ---------------------------------------------------------------------------------------------------------------
// The photo and its variants

// Head and shoulders of the 512×512 portrait: a circle around the face and the collar ring.
const PORTRAIT = { left: 74, top: 8, size: 300 };

const photo = await sharp(photoPath).removeAlpha().toColourspace("srgb").png().toBuffer();
const photoMeta = await sharp(photo).metadata();
const photoSize = Math.min(photoMeta.width, photoMeta.height);
const squarePhoto = await sharp(photo).resize(photoSize, photoSize, { fit: "cover", position: "attention" }).png().toBuffer();

async function portrait(size: number, style: "natural" | "cartoon" | "sepia" | "neon"): Promise<string> {
  const base = await sharp(photo)
    .extract({ left: PORTRAIT.left, top: PORTRAIT.top, width: PORTRAIT.size, height: PORTRAIT.size })
    .resize(size, size, { kernel: "lanczos3" })
    .png()
    .toBuffer();
  let styled = sharp(base);
  if (style === "cartoon") styled = sharp(await sharp(base).median(3).png().toBuffer()).modulate({ saturation: 1.45, brightness: 1.05 }).linear(1.15, -14).sharpen({ sigma: 1.2 });
  if (style === "natural") styled = styled.sharpen({ sigma: 0.8 });
  if (style === "sepia") styled = styled.recomb([[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]]).linear(1.05, -6);
  if (style === "neon") styled = styled.modulate({ saturation: 1.3, hue: -18 }).linear(1.1, -8);
  return dataUri(await styled.jpeg({ quality: 92 }).toBuffer(), "jpeg");
}

async function fullPhoto(style: "natural" | "sepia"): Promise<string> {
  let img = sharp(squarePhoto);
  if (style === "sepia") img = img.recomb([[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]]).linear(1.08, -10);
  else img = img.modulate({ saturation: 1.08 }).sharpen({ sigma: 0.6 });
  return dataUri(await img.jpeg({ quality: 92 }).toBuffer(), "jpeg");
}

/** A round persona sticker: photo in a circle, a white gap, a coloured ring and a soft shadow. */
function sticker(id: string, href: string, cx: number, cy: number, r: number, ring: string, options: { gap?: number; ringWidth?: number; outline?: string } = {}): string {
  const gap = options.gap ?? r * 0.04;
  const ringWidth = options.ringWidth ?? r * 0.07;
  const outer = r + gap + ringWidth;
  const outline = options.outline ? `<circle cx="${cx}" cy="${cy}" r="${outer + r * 0.02}" fill="${options.outline}"/>` : "";
  return `<defs><clipPath id="${id}-clip"><circle cx="${cx}" cy="${cy}" r="${r}"/></clipPath>${softShadow(`${id}-shadow`, r * 0.06, r * 0.05, 0.45)}</defs>
    <g filter="url(#${id}-shadow)">${outline}<circle cx="${cx}" cy="${cy}" r="${outer}" fill="${ring}"/></g>
    <circle cx="${cx}" cy="${cy}" r="${r + gap}" fill="#ffffff"/>
    <image xlink:href="${href}" href="${href}" x="${cx - r}" y="${cy - r}" width="${2 * r}" height="${2 * r}" clip-path="url(#${id}-clip)" preserveAspectRatio="xMidYMid slice"/>`;
}

const halftone = (id: string, color: string, step: number, dot: number) =>
  `<pattern id="${id}" width="${step}" height="${step}" patternUnits="userSpaceOnUse"><circle cx="${step / 2}" cy="${step / 2}" r="${dot}" fill="${color}"/></pattern>`;

// ---------------------------------------------------------------------------------------------------------------
// The images

async function personaAfter(): Promise<Buffer> {
  const S = 1024;
  const href = await portrait(700, "natural");
  return render(S, S, `
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f97316"/><stop offset="0.5" stop-color="#db2777"/><stop offset="1" stop-color="#86198f"/></linearGradient>
      <linearGradient id="ring" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fde047"/><stop offset="0.35" stop-color="#fb923c"/><stop offset="0.65" stop-color="#f472b6"/><stop offset="1" stop-color="#22d3ee"/></linearGradient>
      <radialGradient id="light" cx="0.3" cy="0.2" r="0.8"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
      ${softShadow("pill", 10, 8, 0.35)}
    </defs>
    <rect width="${S}" height="${S}" fill="url(#bg)"/>
    <rect width="${S}" height="${S}" fill="url(#light)"/>
    <circle cx="880" cy="150" r="90" fill="#ffffff" opacity="0.08"/>
    <circle cx="120" cy="900" r="140" fill="#ffffff" opacity="0.07"/>
    ${sticker("p", href, 512, 468, 330, "url(#ring)", { gap: 14, ringWidth: 26 })}
    <g filter="url(#pill)">
      <rect x="372" y="850" width="280" height="88" rx="44" fill="#ffffff"/>
    </g>
    <circle cx="424" cy="894" r="26" fill="#16a34a"/>
    <path d="M411 895 l9 9 l17 -19" fill="none" stroke="#ffffff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>
    <text x="468" y="912" font-family="${FONT}" font-weight="bold" font-size="50" fill="${INK}">@me</text>`);
}

async function thumbnail(): Promise<Buffer> {
  const W = 1280;
  const H = 720;
  const href = await portrait(620, "cartoon");
  return render(W, H, `
    <defs>
      <radialGradient id="glow" cx="0.72" cy="0.5" r="0.75"><stop offset="0" stop-color="#fff7b0"/><stop offset="0.35" stop-color="#ffd23f"/><stop offset="1" stop-color="#ff7a00"/></radialGradient>
      <radialGradient id="fade" cx="0.72" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000000"/><stop offset="1" stop-color="#ffffff"/></radialGradient>
      <mask id="edge"><rect width="${W}" height="${H}" fill="url(#fade)"/></mask>
      ${halftone("dots", "#c2410c", 28, 8)}
      ${softShadow("tag", 6, 6, 0.35)}
    </defs>
    <rect width="${W}" height="${H}" fill="url(#glow)"/>
    ${rays(930, 380, 22, "#ffffff", 0.3)}
    <rect width="${W}" height="${H}" fill="url(#dots)" mask="url(#edge)" opacity="0.5"/>
    ${sticker("t", href, 950, 392, 282, "#ffffff", { gap: 0, ringWidth: 20, outline: INK })}
    <g transform="translate(1040 560) rotate(8)" filter="url(#tag)">
      <rect x="0" y="0" width="220" height="92" rx="18" fill="#22c55e" stroke="${INK}" stroke-width="8"/>
      <text x="110" y="64" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="54" fill="#ffffff" stroke="${INK}" stroke-width="3">&lt;/&gt;</text>
    </g>
    <g transform="translate(1010 34) rotate(8)" filter="url(#tag)">
      <rect x="0" y="0" width="236" height="76" rx="14" fill="#ef4444" stroke="${INK}" stroke-width="7"/>
      <text x="118" y="53" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="40" fill="#ffffff">DAY 100</text>
    </g>
    <g transform="rotate(-5 360 360)">
      ${outlined("I TRIED", 70, 215, 112, "#ffffff")}
      ${outlined("100 DAYS", 60, 375, 140, "#ffe94d", { stroke: 26 })}
      ${outlined("OF CODING", 70, 505, 104, "#ffffff")}
    </g>
    <path d="M420 590 C 500 680, 600 660, 660 590" fill="none" stroke="${INK}" stroke-width="26" stroke-linecap="round"/>
    <path d="M420 590 C 500 680, 600 660, 660 590" fill="none" stroke="#ef4444" stroke-width="14" stroke-linecap="round"/>
    <path d="M628 560 L 686 566 L 668 622 Z" fill="#ef4444" stroke="${INK}" stroke-width="8" stroke-linejoin="round"/>`);
}

// The swap scene: a podcast studio, 4:5. The subject's shape is the portrait's head and shoulders, so the grey
// stand-in and the persona occupy the same place.
const SW = 800;
const SH = 1000;
const SUBJECT_SCALE = 1.42;
const SUBJECT_X = 400 - 226 * SUBJECT_SCALE; // face centre of the portrait lands on the scene's centre line
const SUBJECT_Y = 250;
const SUBJECT_PATH =
  "M226 18 C 188 16 158 38 155 76 C 153 98 155 112 162 118 C 168 124 172 128 175 134 C 178 144 182 150 185 155 C 165 156 146 158 135 162 C 124 170 118 180 115 192 C 88 206 62 232 52 280 C 44 320 42 370 40 420 L 366 420 C 364 380 362 350 358 320 C 352 290 338 258 318 240 C 312 236 308 232 305 226 C 304 212 300 198 292 186 C 284 176 274 168 264 160 C 266 150 268 140 272 130 C 288 124 296 112 297 96 C 300 52 268 16 226 18 Z";

function studio(layer: "back" | "front"): string {
  if (layer === "back") {
    let foam = "";
    for (let row = 0; row < 4; row++) {
      for (let col = 0; col < 3; col++) {
        foam += `<rect x="${70 + col * 70}" y="${160 + row * 70}" width="60" height="60" rx="8" fill="#2b2050"/>`;
        foam += `<rect x="${520 + col * 70}" y="${160 + row * 70}" width="60" height="60" rx="8" fill="#2b2050"/>`;
      }
    }
    return `
      <defs>
        <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1b1436"/><stop offset="1" stop-color="#2d1a4a"/></linearGradient>
        <radialGradient id="key" cx="0.5" cy="0.42" r="0.55"><stop offset="0" stop-color="#f472b6" stop-opacity="0.45"/><stop offset="1" stop-color="#f472b6" stop-opacity="0"/></radialGradient>
        <filter id="neon" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="10"/></filter>
      </defs>
      <rect width="${SW}" height="${SH}" fill="url(#wall)"/>
      <rect width="${SW}" height="${SH}" fill="url(#key)"/>
      ${foam}
      <g transform="translate(400 90)">
        <rect x="-120" y="-44" width="240" height="88" rx="44" fill="none" stroke="#ff3d7f" stroke-width="14" filter="url(#neon)"/>
        <rect x="-120" y="-44" width="240" height="88" rx="44" fill="#2a1030" stroke="#ff6b9d" stroke-width="6"/>
        <text x="0" y="18" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="50" fill="#ffd1e1">ON AIR</text>
      </g>
      <rect x="600" y="480" width="150" height="14" rx="4" fill="#3b2a5c"/>
      <path d="M640 480 C 630 430 660 420 650 380 M670 480 C 690 440 660 420 700 390 M655 480 C 660 440 640 430 620 410" stroke="#22c55e" stroke-width="10" fill="none" stroke-linecap="round"/>
      <rect x="630" y="450" width="60" height="34" rx="6" fill="#fb923c"/>`;
  }
  return `
    <defs>
      <linearGradient id="desk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6d3f2a"/><stop offset="1" stop-color="#3d2218"/></linearGradient>
      <linearGradient id="mic" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#1f1f28"/><stop offset="0.45" stop-color="#5b5b6e"/><stop offset="1" stop-color="#1f1f28"/></linearGradient>
    </defs>
    <path d="M720 0 L 720 120 L 560 520" fill="none" stroke="#111018" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/>
    <g transform="rotate(-22 520 650)">
      <rect x="470" y="540" width="100" height="210" rx="50" fill="url(#mic)"/>
      <rect x="470" y="640" width="100" height="16" fill="#111018"/>
      <g stroke="#8a8aa0" stroke-width="3" opacity="0.7">
        <line x1="488" y1="570" x2="552" y2="570"/><line x1="484" y1="590" x2="556" y2="590"/><line x1="482" y1="610" x2="558" y2="610"/>
      </g>
    </g>
    <rect x="0" y="820" width="${SW}" height="${SH - 820}" fill="url(#desk)"/>
    <rect x="0" y="820" width="${SW}" height="14" fill="#8b5a3c"/>
    <rect x="120" y="770" width="170" height="60" rx="10" fill="#111827"/>
    <circle cx="160" cy="800" r="12" fill="#ef4444"/><circle cx="200" cy="800" r="8" fill="#9ca3af"/><circle cx="235" cy="800" r="8" fill="#9ca3af"/><circle cx="265" cy="800" r="8" fill="#9ca3af"/>`;
}

async function swapBase(): Promise<Buffer> {
  return render(SW, SH, `
    ${studio("back")}
    <defs><linearGradient id="grey" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a3a3ad"/><stop offset="1" stop-color="#6b6b78"/></linearGradient></defs>
    <path d="${SUBJECT_PATH}" transform="translate(${SUBJECT_X} ${SUBJECT_Y}) scale(${SUBJECT_SCALE})" fill="url(#grey)"/>
    ${studio("front")}`);
}

/**
 * The subject's alpha matte at the crop's resolution, scaled to w×h: the head-and-shoulders shape, minus the pale,
 * unsaturated studio backdrop that the shape still catches around the hair, the neck and the shoulders.
 */
async function subjectMatte(crop: { left: number; top: number; width: number; height: number }, w: number, h: number): Promise<Buffer> {
  const { width, height } = crop;
  const rgb = await sharp(photo).extract(crop).removeAlpha().raw().toBuffer();
  const shape = await sharp(svg(width, height, `<path d="${SUBJECT_PATH}" transform="translate(${-crop.left} ${-crop.top})" fill="#ffffff"/>`))
    .extractChannel(3)
    .raw()
    .toBuffer();
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const alpha = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let a = (shape[i] ?? 0) / 255;
      // The face, the inside of the collar ring and everything below the shoulders (silver, white straps) are kept.
      const inRing = ((x + crop.left - 210) / 100) ** 2 + ((y + crop.top - 222) / 78) ** 2 < 1;
      const inFace = ((x + crop.left - 224) / 52) ** 2 + ((y + crop.top - 118) / 64) ** 2 < 1;
      if (a > 0 && y + crop.top < 300 && !inRing && !inFace) {
        const r = rgb[i * 3] ?? 0;
        const g = rgb[i * 3 + 1] ?? 0;
        const b = rgb[i * 3 + 2] ?? 0;
        const lo = Math.min(r, g, b);
        const spread = Math.max(r, g, b) - lo;
        const pale = clamp((lo - 135) / 30) * clamp((42 - spread) / 16);
        a *= 1 - pale;
      }
      alpha[i] = Math.round(a * 255);
    }
  }
  return sharp(alpha, { raw: { width, height, channels: 1 } })
    .median(3)
    .blur(0.8)
    .resize(w, h, { kernel: "lanczos3" })
    .extractChannel(0)
    .raw()
    .toBuffer()
    .then((raw) => sharp(raw, { raw: { width: w, height: h, channels: 1 } }).png().toBuffer());
}

async function swapResult(): Promise<Buffer> {
  // Colour match: the studio's pink key light from the front, cool violet ambience at the edges, a little darker.
  const crop = { left: 0, top: 0, width: 420, height: 430 };
  const w = Math.round(crop.width * SUBJECT_SCALE);
  const h = Math.round(crop.height * SUBJECT_SCALE);
  const tint = svg(w, h, `
    <defs>
      <radialGradient id="k" cx="0.54" cy="0.3" r="0.7"><stop offset="0" stop-color="#ffc2d9"/><stop offset="1" stop-color="#5b3d9e"/></radialGradient>
    </defs>
    <rect width="${w}" height="${h}" fill="url(#k)"/>`);
  const graded = await sharp(photo)
    .extract(crop)
    .resize(w, h, { kernel: "lanczos3" })
    .modulate({ brightness: 0.92, saturation: 0.95 })
    .composite([{ input: tint, blend: "soft-light" }])
    .removeAlpha()
    .png()
    .toBuffer();
  const cutout = await sharp(graded).joinChannel(await subjectMatte(crop, w, h)).png().toBuffer();
  const back = await render(SW, SH, studio("back"));
  const front = await render(SW, SH, studio("front"));
  return sharp(back)
    .composite([
      { input: cutout, left: Math.round(SUBJECT_X), top: SUBJECT_Y },
      { input: front },
    ])
    .png()
    .toBuffer();
}

async function gallery(index: number): Promise<Buffer> {
  const W = 1280;
  const H = 720;
  switch (index) {
    case 1: {
      // Realistic: the photo, a night-sky gradient and a clean headline.
      const href = await fullPhoto("natural");
      let stars = "";
      for (let i = 0; i < 40; i++) stars += `<circle cx="${(i * 137) % 560 + 20}" cy="${(i * 89) % 680 + 20}" r="${1.5 + (i % 3)}" fill="#ffffff" opacity="${0.35 + (i % 4) * 0.15}"/>`;
      return render(W, H, `
        <defs><linearGradient id="fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0.38" stop-color="#070b1a"/><stop offset="0.62" stop-color="#070b1a" stop-opacity="0"/></linearGradient>
        <linearGradient id="cyan" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#67e8f9"/><stop offset="1" stop-color="#a5b4fc"/></linearGradient></defs>
        <rect width="${W}" height="${H}" fill="#070b1a"/>
        <image href="${href}" x="500" y="-40" width="800" height="800" preserveAspectRatio="xMidYMid slice"/>
        <rect width="${W}" height="${H}" fill="url(#fade)"/>
        ${stars}
        <text x="70" y="300" font-family="${FONT}" font-weight="bold" font-size="120" fill="#ffffff">LIFE IN</text>
        <text x="66" y="470" font-family="${FONT}" font-weight="bold" font-size="190" fill="url(#cyan)">ORBIT</text>
        <rect x="74" y="530" width="250" height="12" rx="6" fill="#67e8f9"/>`);
    }
    case 2: {
      // Cartoon: a food channel, teal burst, a drawn bowl of pasta.
      let noodles = "";
      for (let i = 0; i < 7; i++) noodles += `<path d="M${880 + i * 34} ${430 - (i % 2) * 20} c 30 -60 -30 -90 10 -150" fill="none" stroke="#fcd34d" stroke-width="16" stroke-linecap="round"/>`;
      return render(W, H, `
        <rect width="${W}" height="${H}" fill="#14b8a6"/>
        ${rays(990, 420, 18, "#5eead4", 0.55)}
        ${noodles}
        <ellipse cx="990" cy="440" rx="250" ry="60" fill="#fcd34d" stroke="${INK}" stroke-width="12"/>
        <circle cx="930" cy="420" r="30" fill="#dc2626" stroke="${INK}" stroke-width="8"/><circle cx="1040" cy="430" r="26" fill="#dc2626" stroke="${INK}" stroke-width="8"/><circle cx="990" cy="405" r="20" fill="#16a34a" stroke="${INK}" stroke-width="7"/>
        <path d="M740 440 C 760 640, 1220 640, 1240 440 Z" fill="#ef4444" stroke="${INK}" stroke-width="12" stroke-linejoin="round"/>
        <circle cx="850" cy="520" r="14" fill="#ffffff"/><circle cx="990" cy="560" r="14" fill="#ffffff"/><circle cx="1130" cy="520" r="14" fill="#ffffff"/>
        <g transform="rotate(-6 320 360)">
          ${outlined("10-MIN", 60, 300, 150, "#ffffff", { stroke: 26 })}
          ${outlined("PASTA!", 60, 480, 170, "#fde047", { stroke: 28 })}
        </g>`);
    }
    case 3: {
      // Abstract: glowing gradient blobs and rings.
      return render(W, H, `
        <defs>
          <filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="70"/></filter>
          <linearGradient id="ai" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f0abfc"/><stop offset="0.5" stop-color="#22d3ee"/><stop offset="1" stop-color="#a3e635"/></linearGradient>
        </defs>
        <rect width="${W}" height="${H}" fill="#0d0820"/>
        <g filter="url(#blur)">
          <circle cx="960" cy="230" r="200" fill="#c026d3"/>
          <circle cx="1080" cy="520" r="190" fill="#0891b2"/>
          <circle cx="760" cy="560" r="150" fill="#f97316"/>
        </g>
        <g fill="none" stroke="#ffffff" opacity="0.35">
          <circle cx="960" cy="380" r="140" stroke-width="3"/><circle cx="960" cy="380" r="220" stroke-width="2"/><circle cx="960" cy="380" r="300" stroke-width="1.5"/>
        </g>
        <text x="70" y="230" font-family="${FONT}" font-weight="bold" font-size="100" fill="#ffffff">THE FUTURE</text>
        <text x="70" y="340" font-family="${FONT}" font-weight="bold" font-size="100" fill="#ffffff">OF</text>
        <text x="60" y="610" font-family="${FONT}" font-weight="bold" font-size="300" fill="url(#ai)">AI</text>`);
    }
    case 4: {
      // Vintage: sepia photo in a paper frame, serif type, a faded sunburst.
      const href = await fullPhoto("sepia");
      return render(W, H, `
        <defs>
          <radialGradient id="vig" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#3b2412" stop-opacity="0"/><stop offset="1" stop-color="#3b2412" stop-opacity="0.45"/></radialGradient>
          <clipPath id="frame"><rect x="742" y="92" width="456" height="536"/></clipPath>
          ${softShadow("card", 10, 10, 0.4)}
        </defs>
        <rect width="${W}" height="${H}" fill="#eadbb8"/>
        ${rays(380, 760, 28, "#d6b98a", 0.5)}
        <g transform="rotate(3 970 360)">
          <rect x="720" y="70" width="500" height="580" fill="#f8f1e0" filter="url(#card)"/>
          <image href="${href}" x="702" y="92" width="536" height="536" clip-path="url(#frame)" preserveAspectRatio="xMidYMid slice"/>
        </g>
        <text x="70" y="170" font-family="${SERIF}" font-size="54" letter-spacing="10" fill="#7c4a1e">★ SPECIAL ★</text>
        <text x="60" y="380" font-family="${SERIF}" font-weight="bold" font-size="175" fill="#3b2412">MOON</text>
        <rect x="70" y="420" width="560" height="8" fill="#9a3412"/>
        <text x="60" y="590" font-family="${SERIF}" font-weight="bold" font-size="170" fill="#9a3412">1969</text>
        <rect width="${W}" height="${H}" fill="url(#vig)"/>`);
    }
    case 5: {
      // Gaming: neon grid, pixel blocks, the persona in a green ring.
      const href = await portrait(480, "neon");
      let grid = "";
      for (let i = -10; i <= 10; i++) grid += `<line x1="${640 + i * 60}" y1="430" x2="${640 + i * 260}" y2="720" stroke="#e879f9" stroke-width="2" opacity="0.5"/>`;
      for (let i = 0; i < 6; i++) grid += `<line x1="0" y1="${440 + i * i * 9 + i * 12}" x2="${W}" y2="${440 + i * i * 9 + i * 12}" stroke="#e879f9" stroke-width="2" opacity="0.5"/>`;
      let pixels = "";
      for (let i = 0; i < 9; i++) pixels += `<rect x="${60 + (i % 3) * 34}" y="${580 + Math.floor(i / 3) * 34}" width="30" height="30" fill="${["#a3e635", "#22d3ee", "#f472b6"][i % 3]}" opacity="${i % 2 ? 0.9 : 0.55}"/>`;
      return render(W, H, `
        <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e0b3a"/><stop offset="0.6" stop-color="#5b1a8a"/><stop offset="0.6" stop-color="#160628"/><stop offset="1" stop-color="#160628"/></linearGradient></defs>
        <rect width="${W}" height="${H}" fill="url(#sky)"/>
        <circle cx="980" cy="430" r="230" fill="#f97316" opacity="0.85"/>
        ${grid}
        ${pixels}
        ${sticker("g", href, 970, 340, 215, "#a3e635", { gap: 0, ringWidth: 18, outline: "#0b0416" })}
        ${outlined("I BEAT IT", 60, 230, 130, "#a3e635", { ink: "#0b0416", stroke: 24 })}
        ${outlined("IN 1 HOUR", 60, 400, 130, "#ffffff", { ink: "#0b0416", stroke: 24 })}`);
    }
    default: {
      // Minimal finance: light background, a rising chart and the persona.
      const href = await portrait(400, "natural");
      const points = [[640, 600], [720, 560], [800, 580], [880, 470], [960, 500], [1040, 360], [1120, 300], [1210, 150]];
      const line = points.map(([x, y]) => `${x},${y}`).join(" ");
      return render(W, H, `
        <defs><linearGradient id="area" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#22c55e" stop-opacity="0.35"/><stop offset="1" stop-color="#22c55e" stop-opacity="0"/></linearGradient></defs>
        <rect width="${W}" height="${H}" fill="#f4fbf6"/>
        <g stroke="#d1e7d8" stroke-width="2">${[200, 320, 440, 560].map((y) => `<line x1="600" y1="${y}" x2="1240" y2="${y}"/>`).join("")}</g>
        <polygon points="640,680 ${line} 1210,680" fill="url(#area)"/>
        <polyline points="${line}" fill="none" stroke="#16a34a" stroke-width="14" stroke-linejoin="round" stroke-linecap="round"/>
        <path d="M1170 140 L1222 140 L1222 192" fill="none" stroke="#16a34a" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>
        ${sticker("f", href, 840, 330, 150, "#16a34a", { gap: 8, ringWidth: 12 })}
        <text x="70" y="300" font-family="${FONT}" font-weight="bold" font-size="150" fill="#0f172a">$0 →</text>
        <text x="70" y="480" font-family="${FONT}" font-weight="bold" font-size="170" fill="#16a34a">$10K</text>
        <text x="74" y="580" font-family="${FONT}" font-weight="bold" font-size="58" fill="#334155">IN 30 DAYS</text>`);
    }
  }
}

async function openGraph(thumb: Buffer): Promise<Buffer> {
  const W = 1200;
  const H = 630;
  const thumbHref = dataUri(await sharp(thumb).resize(600, 338).jpeg({ quality: 90 }).toBuffer(), "jpeg");
  return render(W, H, `
    <defs>
      <radialGradient id="g1" cx="0.15" cy="0.1" r="0.7"><stop offset="0" stop-color="#f97316" stop-opacity="0.55"/><stop offset="1" stop-color="#f97316" stop-opacity="0"/></radialGradient>
      <radialGradient id="g2" cx="0.95" cy="0.95" r="0.8"><stop offset="0" stop-color="#a21caf" stop-opacity="0.7"/><stop offset="1" stop-color="#a21caf" stop-opacity="0"/></radialGradient>
      <linearGradient id="mark" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f97316"/><stop offset="1" stop-color="#a21caf"/></linearGradient>
      <linearGradient id="brand" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fdba74"/><stop offset="0.55" stop-color="#f9a8d4"/><stop offset="1" stop-color="#f0abfc"/></linearGradient>
      <clipPath id="tc"><rect x="0" y="0" width="600" height="338" rx="22"/></clipPath>
      ${softShadow("sh", 22, 18, 0.6)}
    </defs>
    <rect width="${W}" height="${H}" fill="#140c1c"/>
    <rect width="${W}" height="${H}" fill="url(#g1)"/>
    <rect width="${W}" height="${H}" fill="url(#g2)"/>
    <g transform="translate(64 60)">
      <rect width="72" height="72" rx="18" fill="url(#mark)"/>
      <path d="M20 22h32v8H40v24h-8V30H20z" fill="#ffffff"/>
      <text x="94" y="52" font-family="${FONT}" font-weight="bold" font-size="44" fill="#ffffff">Thumbforge</text>
    </g>
    <g font-family="${FONT}" font-weight="bold" font-size="66" fill="#ffffff">
      <text x="64" y="260">Create <tspan fill="url(#brand)">viral</tspan></text>
      <text x="64" y="340">images and</text>
      <text x="64" y="420">content in</text>
      <text x="64" y="500">seconds</text>
    </g>
    <g transform="translate(546 150) rotate(4 300 169)">
      <g filter="url(#sh)"><rect x="-10" y="-10" width="620" height="358" rx="30" fill="#ffffff"/></g>
      <image href="${thumbHref}" x="0" y="0" width="600" height="338" clip-path="url(#tc)"/>
    </g>`);
}

// ---------------------------------------------------------------------------------------------------------------
// Encoding: AVIF and WebP at 1x and 2x of the displayed size.

interface Encoded {
  key: string;
  width: number;
  height: number;
  src: string;
  avif: string;
  webp: string;
}

const report: string[] = [];

async function publish(key: string, name: string, master: Buffer, width: number, height: number, quality: { avif: number; webp: number } = { avif: 52, webp: 76 }): Promise<Encoded> {
  const avif: string[] = [];
  const webp: string[] = [];
  for (const scale of [1, 2]) {
    const w = width * scale;
    const h = height * scale;
    const resized = await sharp(master).resize(w, h, { fit: "cover", kernel: "lanczos3" }).png().toBuffer();
    const avifFile = `${name}-${w}.avif`;
    const webpFile = `${name}-${w}.webp`;
    const avifBytes = await sharp(resized).avif({ quality: quality.avif, effort: 7, chromaSubsampling: "4:2:0" }).toBuffer();
    const webpBytes = await sharp(resized).webp({ quality: quality.webp, effort: 6, smartSubsample: true }).toBuffer();
    writeFileSync(join(outDir, avifFile), avifBytes);
    writeFileSync(join(outDir, webpFile), webpBytes);
    avif.push(`/demo/${avifFile} ${w}w`);
    webp.push(`/demo/${webpFile} ${w}w`);
    report.push(`${name} ${w}×${h}: avif ${(avifBytes.length / 1024).toFixed(1)} kB, webp ${(webpBytes.length / 1024).toFixed(1)} kB`);
  }
  return { key, width, height, src: `/demo/${name}-${width}.webp`, avif: avif.join(", "), webp: webp.join(", ") };
}

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const thumbMaster = await thumbnail();
const images: Encoded[] = [
  await publish("personaBefore", "persona-before", squarePhoto, 256, 256),
  await publish("personaAfter", "persona-after", await personaAfter(), 256, 256),
  await publish("thumbnail", "thumbnail", thumbMaster, 512, 288, { avif: 50, webp: 64 }),
  await publish("swapBase", "swap-base", await swapBase(), 256, 320),
  await publish("swapResult", "swap-result", await swapResult(), 256, 320),
];
for (let i = 1; i <= 6; i++) images.push(await publish(`gallery${i}`, `gallery-${i}`, await gallery(i), 192, 108));

const og = await sharp(await openGraph(thumbMaster)).png({ palette: true, quality: 92, effort: 10, dither: 0.6, compressionLevel: 9 }).toBuffer();
writeFileSync(ogFile, og);
report.push(`og.png 1200×630: ${(og.length / 1024).toFixed(1)} kB`);

const entries = images
  .map((i) => `  ${i.key}: {\n    width: ${i.width},\n    height: ${i.height},\n    src: "${i.src}",\n    avif: "${i.avif}",\n    webp: "${i.webp}",\n  },`)
  .join("\n");
writeFileSync(
  moduleFile,
  `// Generated by scripts/make-demo-images.ts — do not edit; run the script to regenerate.
// width/height: the 1x size each image is drawn for (also its aspect ratio); srcsets hold the 1x and 2x files.

export interface DemoImage {
  readonly width: number;
  readonly height: number;
  /** WebP fallback for browsers without <picture> sources. */
  readonly src: string;
  readonly avif: string;
  readonly webp: string;
}

export const demoImages = {
${entries}
} as const satisfies Record<string, DemoImage>;

export type DemoImageKey = keyof typeof demoImages;
`,
);

console.log(report.join("\n"));
