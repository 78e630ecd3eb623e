import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePublicConfig } from "../../lib/public-config-context.ts";
import { Logo } from "./logo.tsx";

export function SiteFooter() {
  const { t } = useTranslation();
  const { supportEmail, feedbackUrl } = usePublicConfig();
  const linkClass = "rounded text-muted underline-offset-4 hover:text-fg hover:underline";
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto grid max-w-6xl gap-10 px-5 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid content-start gap-3">
          <Logo />
          <p className="max-w-xs text-sm text-muted">{t("footer.tagline")}</p>
        </div>
        <nav aria-labelledby="footer-legal" className="grid content-start gap-3 text-sm">
          <h2 id="footer-legal" className="font-semibold">{t("footer.legal")}</h2>
          <Link className={linkClass} to="/terms-of-service">{t("footer.terms")}</Link>
          <Link className={linkClass} to="/privacy-policy">{t("footer.privacy")}</Link>
          <Link className={linkClass} to="/refund-policy">{t("footer.refund")}</Link>
        </nav>
        <nav aria-labelledby="footer-support" className="grid content-start gap-3 text-sm">
          <h2 id="footer-support" className="font-semibold">{t("footer.support")}</h2>
          <a className={linkClass} href={`mailto:${supportEmail}`}>{t("footer.emailSupport")}</a>
          <a className={linkClass} href={feedbackUrl} target="_blank" rel="noopener noreferrer">
            {t("footer.feedbackForm")} <span className="sr-only">{t("footer.opensInNewTab")}</span>
          </a>
        </nav>
        <section aria-labelledby="footer-contact" className="grid content-start gap-3 text-sm">
          <h2 id="footer-contact" className="font-semibold">{t("footer.contactUs")}</h2>
          <p className="text-muted">
            {t("footer.contactEmail")}:{" "}
            <a className="break-all rounded font-medium text-fg underline-offset-4 hover:underline" href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </p>
          <p className="text-muted">
            {t("footer.contactFeedback")}:{" "}
            <a className="rounded font-medium text-fg underline-offset-4 hover:underline" href={feedbackUrl} target="_blank" rel="noopener noreferrer">
              {t("footer.feedbackForm")} <span className="sr-only">{t("footer.opensInNewTab")}</span>
            </a>
          </p>
        </section>
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-5 py-6 text-xs text-muted sm:flex-row sm:justify-between">
          <p>{t("footer.copyright")}</p>
          <p>{t("aiNotice")}</p>
        </div>
      </div>
    </footer>
  );
}
