import { describe, expect, it } from "vitest";
import { goneShareHtml, plainShareHtml, sharePageHtml } from "./page-html.ts";

const shell =
  '<!doctype html><html lang="fr"><head><title>Thumbforge</title><meta name="description" content="site"><meta property="og:title" content="site"><meta property="og:image" content="/og.png"><meta name="twitter:card" content="summary_large_image"></head><body><div id="root"></div></body></html>';
const card = { kind: "pack" as const, labels: ["A", "B", "C"], pagePath: "/s/tok", image: { path: "/s/tok/images/i/original", width: 1280, height: 720, title: '"><script>alert(1)</script>' } };

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

  it("words a pack by the versions it shows: two ready name two letters, one ready reads as one image", () => {
    const two = { ...card, labels: ["A", "C"], image: { ...card.image, title: null } };
    expect(sharePageHtml(shell, "en", two, undefined)).toContain("<title>Which thumbnail would you click? Vote A or C</title>");
    expect(sharePageHtml(shell, "en", two, undefined)).toContain('content="Two versions of one thumbnail: pick the one you would click. No account needed."');
    expect(sharePageHtml(shell, "de", two, undefined)).toContain("<title>Welches Thumbnail würdest du anklicken? Stimme für A oder C</title>");
    expect(sharePageHtml(shell, "en", card, undefined)).toContain("<title>Which thumbnail would you click? Vote A, B or C</title>");
    const one = sharePageHtml(shell, "fr", { ...two, labels: ["B"] }, undefined);
    expect(one).toContain("<title>Une miniature créée avec Thumbforge</title>");
    expect(one).not.toContain("Votez");
  });

  it("gives a page whose card could not be read (the database away) no card, so the page loads and retries", () => {
    const html = plainShareHtml(shell, "de");
    expect(html).toContain("<title>Geteiltes Thumbnail</title>");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toContain("og:");
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
