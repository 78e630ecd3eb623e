import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { languages } from "../../contract/languages.ts";

// Vitest runs from the project root; jsdom gives this file an http: import.meta.url.
const dir = join(process.cwd(), "web/locales");
const namespaces = readdirSync(join(dir, "en")).filter((f) => f.endsWith(".json"));

// Brand, model and product names, numbers and symbols (a version mark like "v2") may read the same in every language.
const sameEverywhere = /^(Thumbforge|Discord|E-?mail|Email|FLUX.*|GPT.*|Gemini.*|Imagen.*|Stripe|Razorpay|UPI|OK|v\{\{\w+\}\}|[\d\s.,:;/%+×()#@–—-]*)$/i;

function flatten(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === "string") out.set(prefix, value);
  else if (Array.isArray(value)) value.forEach((v, i) => flatten(v, `${prefix}[${i}]`).forEach((s, k) => out.set(k, s)));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k).forEach((s, key) => out.set(key, s));
  }
  return out;
}

function load(language: string, namespace: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(join(dir, language, namespace), "utf8")));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*\w+\s*\}\}|\{hotkey\}/g)].map((m) => m[0]).sort();

describe.each(namespaces)("locale namespace %s", (namespace) => {
  const english = load("en", namespace);
  it.each(languages.filter((l) => l !== "en"))("%s has every key, the same placeholders, and no English left", (language) => {
    const translated = load(language, namespace);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    const untranslated: string[] = [];
    for (const [key, text] of english) {
      const other = translated.get(key) ?? "";
      expect(placeholders(other), `${language}/${namespace} ${key}`).toEqual(placeholders(text));
      if (other === text && !sameEverywhere.test(text.trim())) untranslated.push(`${key}: ${text}`);
    }
    expect(untranslated).toEqual([]);
  });
});
