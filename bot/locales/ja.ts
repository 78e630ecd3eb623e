import type { Messages } from "./messages.ts";

export const ja: Messages = {
  commands: {
    help: "Thumbforge ボットでできること",
    credits: "Thumbforge のクレジット残高",
    link: "Thumbforge のメールアドレスを連携：ワンタイムコードを送ります",
    linkEmail: "ウェイトリスト登録またはサインアップに使ったメールアドレス",
    verify: "メールに届いたコードで連携を完了",
    verifyCode: "6 桁のコード",
    thumbnail: "クレジットを使ってサムネイルを作成",
    thumbnailPrompt: "サムネイルの内容。見出しは引用符で囲んでください",
    thumbnailStyle: "スタイル（既定：リアル）",
    thumbnailAspect: "縦横比（既定：16:9）",
    thumbnailPersona: "あなたのペルソナ（@handle で指定）",
    thumbnailModel: "画像モデル（既定：Thumbforge Studio）",
  },
  styles: { realistic: "リアル", cartoon: "カートゥーン", abstract: "アブストラクト", vintage: "ヴィンテージ" },
  aspects: { "16:9": "16:9 — YouTube", "9:16": "9:16 — ショートとリール", "1:1": "1:1 — 正方形の投稿" },
  help: [
    "**Thumbforge** は一文からサムネイルを作ります。できること：",
    "• `/link email:` — ウェイトリストに登録したメールアドレスを連携します。ワンタイムコードを送ります。",
    "• `/verify code:` — そのコードで連携を完了します。最初の 50 アカウントには Early Bird ロールを付与します。",
    "• `/thumbnail prompt:` — サムネイルを作成します（`style:`、`aspect:`、`persona:`、`model:` も指定可）。クレジットを消費し、Web のギャラリーにも表示されます。",
    "• `/credits` — クレジット残高を表示します。",
  ].join("\n"),
  welcome: ({ mention, placesLeft, total }) =>
    [
      `ようこそ、${mention} さん！🎉`,
      "**Thumbforge** はクリエイター向けのチャット型スタジオです。サムネイルを説明するだけで、あなたのペルソナを使い、複数の AI モデルで作成します。",
      "ウェイトリストに登録済みですか？ここでメールアドレスを連携しましょう：そのアドレスで `/link email:` を入力し、届いたコードで `/verify code:` を入力してください。",
      placesLeft > 0
        ? `アーリーバード：${total} 枠中 残り ${placesLeft} 枠 — 最初の ${total} アカウントに 100 無料クレジットと Early Bird ロールを進呈。`
        : `アーリーバード：${total} 枠はすべて埋まりました — それでも来てくれてありがとう！`,
    ].join("\n"),
  credits: ({ credits, earlyBird }) => `クレジット残高は **${credits}** です。${earlyBird ? "あなたはアーリーバードです。🐦" : ""}`,
  linkSent: ({ email, minutes }) => `**${email}** にワンタイムコードを送りました。${minutes} 分以内にそのコードで \`/verify code:\` を入力してください。`,
  linked: ({ email, earlyBird, roleGiven, waitlisted }) =>
    [
      `連携しました：この Discord アカウントは **${email}** を使用します。`,
      waitlisted ? "ウェイトリストの登録も連携しました。" : "",
      earlyBird ? (roleGiven ? "最初の 50 人の一人です：Early Bird ロールをどうぞ。🐦" : "最初の 50 人のアーリーバードの一人です。🐦") : "",
      "さっそく `/thumbnail prompt:` を試してみましょう。",
    ]
      .filter((line) => line !== "")
      .join("\n"),
  working: ({ model, cost }) => `${model} でサムネイルを作成中（${cost} クレジット）…`,
  posted: ({ mention, prompt, creditsLeft }) => `${mention} サムネイルができました：「${prompt}」。ギャラリーにも保存されています。残りクレジット：${creditsLeft}。`,
  failed: ({ credits }) => `サムネイルを作成できませんでした。${credits} クレジットを返却しました。`,
  notLinked: "まず Thumbforge アカウントを連携してください：メールアドレスで `/link email:` を入力し、次に `/verify code:` を入力します。",
  outOfCredits: ({ model, cost, credits }) => `${model} には ${cost} クレジットが必要ですが、残高は ${credits} です。Web でチャージするか、より安いモデルを選んでください。`,
  errors: {
    invalidInput: ({ fields }) => `入力に問題があります：${fields}。`,
    invalidEmail: "有効なメールアドレスを入力してください。",
    invalidCode: "メールに届いた 6 桁のコードを入力してください。",
    wrongCode: "そのコードは無効か期限切れです。もう一度 `/link email:` で新しいコードを受け取ってください。",
    noPendingLink: "待機中のコードはありません。まず `/link email:` を入力してください。",
    alreadyLinked: "この Discord アカウントはすでに連携済みです。連携は 1 人 1 回です。",
    accountLinkedElsewhere: "そのメールアドレスは別の Discord アカウントに連携済みです。",
    rateLimited: ({ seconds }) => `試行回数が多すぎます。${seconds} 秒後にもう一度お試しください。`,
    mailUnavailable: "現在メールを送信できません。もう一度お試しください。",
    unknownPersona: ({ known }) => (known ? `その handle のペルソナはありません。あなたのペルソナ：${known}。` : "まだペルソナがありません。Web で作成してください。"),
    modelUnavailable: ({ model }) => `${model} は現在利用できません。別のモデルを選んでください。`,
    databaseUnavailable: "Thumbforge が一時的に混み合っています。しばらくしてからお試しください。",
    unexpected: "問題が発生しました。もう一度お試しください。",
  },
};
