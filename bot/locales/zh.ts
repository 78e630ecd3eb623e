import type { Messages } from "./messages.ts";

export const zh: Messages = {
  commands: {
    help: "Thumbforge 机器人能做什么",
    credits: "你有多少 Thumbforge 积分",
    link: "关联你的 Thumbforge 邮箱：我们会向它发送一次性验证码",
    linkEmail: "你加入候补名单或注册时使用的邮箱",
    verify: "用邮件中的验证码完成关联",
    verifyCode: "6 位验证码",
    thumbnail: "用你的积分制作一张缩略图",
    thumbnailPrompt: "缩略图的内容；把标题放在引号里",
    thumbnailStyle: "风格（默认：写实）",
    thumbnailAspect: "比例（默认：16:9）",
    thumbnailPersona: "你的一个角色，用它的 @handle",
    thumbnailModel: "图像模型（默认：Thumbforge Studio）",
  },
  styles: { realistic: "写实", cartoon: "卡通", abstract: "抽象", vintage: "复古" },
  aspects: { "16:9": "16:9 — YouTube", "9:16": "9:16 — Shorts 和 Reels", "1:1": "1:1 — 方形帖子" },
  help: [
    "**Thumbforge** 用一句话制作缩略图。我可以：",
    "• `/link email:` — 关联你加入候补名单时使用的邮箱；我会向它发送一次性验证码。",
    "• `/verify code:` — 用该验证码完成关联。前 50 个账户获得 Early Bird 身份组。",
    "• `/thumbnail prompt:` — 制作缩略图（可选 `style:`、`aspect:`、`persona:` 和 `model:`）。会消耗积分，也会出现在你的网页图库中。",
    "• `/credits` — 查看你有多少积分。",
  ].join("\n"),
  welcome: ({ mention, placesLeft, total }) =>
    [
      `欢迎，${mention}！🎉`,
      "**Thumbforge** 是面向创作者的对话式工作室：描述一张缩略图，它就为你制作——可使用你自己的角色，支持多种 AI 模型。",
      "已加入候补名单？在这里关联你的邮箱：输入 `/link email:` 和该地址，再用我们发送的验证码输入 `/verify code:`。",
      placesLeft > 0
        ? `早鸟：${total} 个名额还剩 ${placesLeft} 个——前 ${total} 个账户可获得 100 免费积分和 Early Bird 身份组。`
        : `早鸟：${total} 个名额已全部领完——感谢你的到来！`,
    ].join("\n"),
  credits: ({ credits, earlyBird }) => `你有 **${credits}** 积分。${earlyBird ? "你是早鸟用户。🐦" : ""}`,
  linkSent: ({ email, minutes }) => `我已向 **${email}** 发送一次性验证码。请在 ${minutes} 分钟内输入 \`/verify code:\` 和该验证码。`,
  linked: ({ email, earlyBird, roleGiven, waitlisted }) =>
    [
      `已关联：此 Discord 账户现在使用 **${email}**。`,
      waitlisted ? "你的候补名单位置也已关联。" : "",
      earlyBird ? (roleGiven ? "你是前 50 名之一：这是你的 Early Bird 身份组。🐦" : "你是前 50 名早鸟之一。🐦") : "",
      "现在试试 `/thumbnail prompt:` 吧。",
    ]
      .filter((line) => line !== "")
      .join("\n"),
  working: ({ model, cost }) => `正在用 ${model} 制作你的缩略图（${cost} 积分）…`,
  posted: ({ mention, prompt, creditsLeft }) => `${mention} 这是你的缩略图：“${prompt}”。它也在你的图库中。剩余积分：${creditsLeft}。`,
  failed: ({ credits }) => `缩略图制作失败。你的 ${credits} 积分已退还。`,
  notLinked: "请先关联你的 Thumbforge 账户：输入 `/link email:` 和你的邮箱，然后输入 `/verify code:`。",
  outOfCredits: ({ model, cost, credits }) => `${model} 需要 ${cost} 积分，你有 ${credits}。请在网页上充值，或选择更便宜的模型。`,
  errors: {
    invalidInput: ({ fields }) => `输入有误：${fields}。`,
    invalidEmail: "请输入有效的邮箱地址。",
    invalidCode: "请输入邮件中的 6 位验证码。",
    wrongCode: "该验证码无效或已过期。请再次输入 `/link email:` 获取新的验证码。",
    noPendingLink: "目前没有等待你的验证码。请先输入 `/link email:`。",
    alreadyLinked: "此 Discord 账户已关联。每位成员只能关联一次。",
    accountLinkedElsewhere: "该邮箱已关联到另一个 Discord 账户。",
    rateLimited: ({ seconds }) => `尝试次数过多。请在 ${seconds} 秒后重试。`,
    mailUnavailable: "暂时无法发送邮件。请重试。",
    unknownPersona: ({ known }) => (known ? `你没有这个 handle 的角色。你的角色：${known}。` : "你还没有角色：请在网页上创建一个。"),
    modelUnavailable: ({ model }) => `${model} 目前不可用。请选择其他模型。`,
    databaseUnavailable: "Thumbforge 暂时繁忙。请稍后重试。",
    unexpected: "出了点问题。请重试。",
  },
};
