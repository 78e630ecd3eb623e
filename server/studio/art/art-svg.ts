import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * The art set: Microsoft's Fluent Emoji, flat variant (MIT), read from node_modules in Iconify's JSON format. Why
 * flat and not the gradient set: docs/decisions/014-studio-art.md.
 */
const ICONS = "@iconify-json/fluent-emoji-flat/icons.json";

interface IconifyIcon {
  body: string;
  left?: number;
  top?: number;
  width?: number;
  height?: number;
  rotate?: number;
  hFlip?: boolean;
  vFlip?: boolean;
  hidden?: boolean;
}

interface IconifyAlias extends Omit<IconifyIcon, "body"> {
  parent: string;
}

interface IconifySet {
  left?: number;
  top?: number;
  width?: number;
  height?: number;
  icons: Record<string, IconifyIcon>;
  aliases?: Record<string, IconifyAlias>;
}

/** One drawable icon, aliases resolved: its body in its own viewBox, already flipped or turned. */
interface Art {
  body: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

// 8.8 MB of JSON, parsed in ~25 ms, ~9 MB of heap once collected: kept whole, since every id is a valid answer.
let set: IconifySet | undefined;

function iconSet(): IconifySet {
  set ??= JSON.parse(readFileSync(createRequire(import.meta.url).resolve(ICONS), "utf8")) as IconifySet;
  return set;
}

function resolve(id: string): Art | undefined {
  const icons = iconSet();
  const own = Object.hasOwn(icons.icons, id) ? icons.icons[id] : undefined;
  // Hidden icons are kept by Iconify for old links only (skin-tone variants of a few people): never drawn.
  if (own) return own.hidden ? undefined : draw(icons, own, {});
  const alias = icons.aliases && Object.hasOwn(icons.aliases, id) ? icons.aliases[id] : undefined;
  if (!alias || alias.hidden) return undefined;
  const parent = Object.hasOwn(icons.icons, alias.parent) ? icons.icons[alias.parent] : undefined;
  return parent ? draw(icons, parent, alias) : undefined;
}

function draw(icons: IconifySet, icon: IconifyIcon, alias: Omit<IconifyAlias, "parent">): Art {
  const left = alias.left ?? icon.left ?? icons.left ?? 0;
  const top = alias.top ?? icon.top ?? icons.top ?? 0;
  const width = alias.width ?? icon.width ?? icons.width ?? 16;
  const height = alias.height ?? icon.height ?? icons.height ?? 16;
  // Iconify composes an alias's flips and turns with its parent's (flips toggle, quarter turns add).
  const hFlip = Boolean(icon.hFlip) !== Boolean(alias.hFlip);
  const vFlip = Boolean(icon.vFlip) !== Boolean(alias.vFlip);
  const rotate = ((icon.rotate ?? 0) + (alias.rotate ?? 0)) % 4;
  const cx = left + width / 2;
  const cy = top + height / 2;
  const transforms: string[] = [];
  if (rotate) transforms.push(`rotate(${rotate * 90} ${cx} ${cy})`);
  if (hFlip || vFlip) {
    transforms.push(`translate(${cx} ${cy}) scale(${hFlip ? -1 : 1} ${vFlip ? -1 : 1}) translate(${-cx} ${-cy})`);
  }
  const body = transforms.length ? `<g transform="${transforms.join(" ")}">${icon.body}</g>` : icon.body;
  return { body, left, top, width, height };
}

export function isArtId(id: string): boolean {
  return resolve(id) !== undefined;
}

/**
 * A standalone SVG document for an icon. Its width and height are the viewBox's (32 user units for nearly every
 * icon), so `sharp(Buffer.from(svg), { density: 72 * px / 32 })` rasterises it at about `px` pixels square.
 */
export function artSvg(id: string): string {
  const art = resolve(id);
  if (!art) throw new Error(`not an art id: ${id}`);
  const { left, top, width, height } = art;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
    `viewBox="${left} ${top} ${width} ${height}" width="${width}" height="${height}">${art.body}</svg>`
  );
}
