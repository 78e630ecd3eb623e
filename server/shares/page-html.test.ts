import { describe, expect, it } from "vitest";
import { goneShareHtml, sharePageHtml } from "./page-html.ts";

const shell =
  '<!doctype html><html lang="fr"><head><title>Thumbforge</title><meta name="description" content="site"><meta property="og:title" content="site"><meta property="og:image" content="/og.png"><meta name="twitter:card" content="summary_large_image"></head><body><div id="root"></div></body></html>';
const card = { kind: "pack" as const, pagePath: "/s/tok", image: { path: "/s/tok/images/i/original", width: 1280, height: 720, title: '"><script>alert(1)</script>' } };

describe("the share page's head", () => {
  it("replaces the site's title, description and cards with the share's, in the visitor's language, with absolute URLs from PUBLIC_URL", () => {
    const html = sharePageHtml(shell, "fr", card, "https://thumbs.example/");
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/property="og:image"/g)).toHaveLength(1);
    expect(html.match(/name="twitter:card"/g)).toHaveLength(1);
    expect(html).not.toContain("/og.png");
    expect(html).toContain("<title>Sur quelle miniature cliqueriez-vous ? Votez A, B ou C</title>");
    expect(html).toContain('<meta property="og:image" content="https://thumbs.example/s/tok/images/i/original">');
    expect(html).toContain('<meta property="og:url" content="https://thumbs.example/s/tok">');
    expect(html).toContain('<meta property="og:image:width" content="1280">');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it("escapes the owner's title", () => {
    const html = sharePageHtml(shell, "en", card, undefined);
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&quot;&gt;&lt;script&gt;");
    expect(html).toContain('<meta property="og:image" content="/s/tok/images/i/original">');
  });

  it("gives a link that does not work no card", () => {
    const html = goneShareHtml(shell, "ja");
    expect(html).toContain("<title>このリンクは利用できなくなりました</title>");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toContain("og:");
    expect(html).not.toContain("twitter:");
  });
});
