import type { FollowUp } from "./types.ts";

const bigger = { changes: [{ layer: "headline", property: "size", direction: "up" }] } as const satisfies FollowUp["expect"];

/**
 * The feed check, free, and its fix after it (docs/product/chat.md, checkImage): "check it" changes nothing; "fix it"
 * after a check applies its first failing finding's fix, here a bigger headline.
 */
export const checkFollowUps: FollowUp[] = [
  { language: "en", area: "check", text: "check it", expect: { check: true } },
  { language: "en", area: "check", text: "will this read on mobile?", expect: { check: true } },
  { language: "en", area: "check", text: "does it read on phones", expect: { check: true } },
  { language: "en", area: "check", text: "feed check", expect: { check: true } },
  { language: "en", area: "check", text: "is this readable in the feed?", expect: { check: true } },
  { language: "en", area: "check-fix", text: "fix it", state: "checked", expect: bigger },
  { language: "en", area: "check-fix", text: "apply the fixes", state: "checked", expect: bigger },
  { language: "en", area: "check-fix", text: "bigger headline", state: "checked", expect: bigger },

  { language: "es", area: "check", text: "revísala", expect: { check: true } },
  { language: "es", area: "check", text: "¿se lee en el móvil?", expect: { check: true } },
  { language: "es", area: "check", text: "¿es legible en el móvil?", expect: { check: true } },
  { language: "es", area: "check-fix", text: "arréglalo", state: "checked", expect: bigger },
  { language: "es", area: "check-fix", text: "aplica los arreglos", state: "checked", expect: bigger },

  { language: "fr", area: "check", text: "vérifie-la", expect: { check: true } },
  { language: "fr", area: "check", text: "est-ce lisible sur mobile ?", expect: { check: true } },
  { language: "fr", area: "check", text: "ça se lit sur téléphone ?", expect: { check: true } },
  { language: "fr", area: "check-fix", text: "applique les corrections", state: "checked", expect: bigger },
  { language: "fr", area: "check-fix", text: "corrige-la", state: "checked", expect: bigger },

  { language: "de", area: "check", text: "prüfe es", expect: { check: true } },
  { language: "de", area: "check", text: "ist das auf dem Handy lesbar?", expect: { check: true } },
  { language: "de", area: "check", text: "Feed-Check bitte", expect: { check: true } },
  { language: "de", area: "check-fix", text: "behebe es", state: "checked", expect: bigger },
  { language: "de", area: "check-fix", text: "wende die Korrekturen an", state: "checked", expect: bigger },

  { language: "zh", area: "check", text: "检查一下", expect: { check: true } },
  { language: "zh", area: "check", text: "手机上看得清吗？", expect: { check: true } },
  { language: "zh", area: "check", text: "帮我检查可读性", expect: { check: true } },
  { language: "zh", area: "check-fix", text: "修复一下", state: "checked", expect: bigger },
  { language: "zh", area: "check-fix", text: "按建议改", state: "checked", expect: bigger },

  { language: "ja", area: "check", text: "チェックして", expect: { check: true } },
  { language: "ja", area: "check", text: "スマホで読める？", expect: { check: true } },
  { language: "ja", area: "check", text: "フィードチェックをお願い", expect: { check: true } },
  { language: "ja", area: "check-fix", text: "直して", state: "checked", expect: bigger },
  { language: "ja", area: "check-fix", text: "修正を適用して", state: "checked", expect: bigger },
];
