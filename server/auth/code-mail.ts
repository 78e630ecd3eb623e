import { defaultLanguage, isLanguage, type Language } from "../../contract/languages.ts";
import type { OutgoingMail } from "../mail/mailer.ts";

interface CodeMailWords {
  subject: (code: string) => string;
  heading: string;
  intro: string;
  expiry: string;
  ignore: string;
}

// The sign-in code mail in every interface language (docs/product/overview.md, Languages); the code leads the subject
// so it shows in notification previews.
const words: Record<Language, CodeMailWords> = {
  en: {
    subject: (code) => `${code} is your Thumbforge sign-in code`,
    heading: "Your sign-in code",
    intro: "Enter this code on the Thumbforge sign-in page:",
    expiry: "It works once and expires in 10 minutes.",
    ignore: "If you did not ask for it, you can ignore this e-mail: nobody can sign in without the code.",
  },
  es: {
    subject: (code) => `${code} es tu código de acceso a Thumbforge`,
    heading: "Tu código de acceso",
    intro: "Introduce este código en la página de acceso de Thumbforge:",
    expiry: "Solo sirve una vez y caduca en 10 minutos.",
    ignore: "Si no lo has pedido, puedes ignorar este correo: nadie puede entrar sin el código.",
  },
  fr: {
    subject: (code) => `${code} est votre code de connexion Thumbforge`,
    heading: "Votre code de connexion",
    intro: "Saisissez ce code sur la page de connexion de Thumbforge :",
    expiry: "Il ne sert qu’une fois et expire dans 10 minutes.",
    ignore: "Si vous ne l’avez pas demandé, ignorez cet e-mail : personne ne peut se connecter sans le code.",
  },
  de: {
    subject: (code) => `${code} ist dein Anmeldecode für Thumbforge`,
    heading: "Dein Anmeldecode",
    intro: "Gib diesen Code auf der Anmeldeseite von Thumbforge ein:",
    expiry: "Er gilt einmal und läuft in 10 Minuten ab.",
    ignore: "Falls du ihn nicht angefordert hast, ignoriere diese E-Mail: Ohne den Code kann sich niemand anmelden.",
  },
  zh: {
    subject: (code) => `${code} 是你的 Thumbforge 登录验证码`,
    heading: "你的登录验证码",
    intro: "请在 Thumbforge 登录页面输入此验证码：",
    expiry: "验证码仅可使用一次，10 分钟后失效。",
    ignore: "如果这不是你本人的请求，请忽略此邮件：没有验证码，任何人都无法登录。",
  },
  ja: {
    subject: (code) => `Thumbforge のログインコード：${code}`,
    heading: "ログインコード",
    intro: "Thumbforge のログイン画面で次のコードを入力してください：",
    expiry: "コードは 1 回のみ有効で、10 分後に失効します。",
    ignore: "お心当たりがない場合は、このメールを無視してください。コードがなければ誰もログインできません。",
  },
};

function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

export function codeMail(to: string, code: string, language: string | undefined): OutgoingMail {
  const lang: Language = isLanguage(language) ? language : defaultLanguage;
  const w = words[lang];
  const text = `${w.heading}\n\n${w.intro}\n\n    ${code}\n\n${w.expiry}\n\n${w.ignore}\n\n— Thumbforge\n`;
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(w.heading)}</title></head>
<body style="margin:0;padding:24px;background:#fff7f2;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1d1320">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="480" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border:1px solid #ecd9cf;border-radius:16px">
<tr><td style="padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:18px">Thumbforge</p>
<h1 style="margin:0 0 12px;font-size:22px">${escapeHtml(w.heading)}</h1>
<p style="margin:0 0 20px;color:#5f5060">${escapeHtml(w.intro)}</p>
<p style="margin:0 0 20px;padding:16px;background:#fdeee5;border-radius:12px;text-align:center;font-size:36px;font-weight:800;letter-spacing:10px;font-family:ui-monospace,Menlo,Consolas,monospace">${escapeHtml(code)}</p>
<p style="margin:0 0 12px;color:#5f5060">${escapeHtml(w.expiry)}</p>
<p style="margin:0;color:#5f5060;font-size:13px">${escapeHtml(w.ignore)}</p>
</td></tr></table></td></tr></table>
</body></html>`;
  return { to, subject: w.subject(code), text, html };
}
