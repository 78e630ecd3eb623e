import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Route, Routes } from "react-router";
import { clientRoutes } from "../../contract/client-routes.ts";
import { FullScreenSpinner } from "../components/site/full-screen-spinner.tsx";
import { SkipLink } from "../components/site/skip-link.tsx";
import { useAtomValue } from "jotai";
import { authAtom, useAuthBootstrap } from "../lib/auth-state.ts";
import WaitlistPage from "../routes/waitlist.tsx";

// The waitlist is the first page most visitors see, so it ships in the entry chunk; every other screen is
// its own chunk, and no marketing route pulls in app code (docs/product/web-app.md).
const AppLayout = lazy(() => import("./app-layout.tsx"));
const LandingPage = lazy(() => import("../routes/landing.tsx"));
const LegalPage = lazy(() => import("../routes/legal-page.tsx"));
const LoginPage = lazy(() => import("../routes/login.tsx"));
const AppShell = lazy(() => import("./app-shell.tsx"));
const AppHomePage = lazy(() => import("../routes/app-home.tsx"));
const PersonasPage = lazy(() => import("../routes/personas.tsx"));
const StyleKitsPage = lazy(() => import("../routes/style-kits.tsx"));
const EditorPage = lazy(() => import("../routes/editor.tsx"));
const GalleryPage = lazy(() => import("../routes/gallery.tsx"));
const VideoPage = lazy(() => import("../routes/video.tsx"));
const CreditsPage = lazy(() => import("../routes/credits.tsx"));
const PricingPage = lazy(() => import("../routes/pricing.tsx"));
const SharePage = lazy(() => import("../routes/share.tsx"));
const NotFoundPage = lazy(() => import("../routes/not-found.tsx"));

/**
 * Marks <html data-interactive> once the current route has committed with its handlers attached (it shares the
 * routes' Suspense boundary); browser tests wait for it before they click or type on a prerendered page.
 */
function InteractiveMark() {
  useEffect(() => {
    document.documentElement.dataset.interactive = "true";
  }, []);
  return null;
}

export function AppRoutes() {
  const { t } = useTranslation();
  useAuthBootstrap();
  const auth = useAtomValue(authAtom);
  // docs/product/web-app.md: a full-screen spinner replaces the routes while the authentication check loads.
  if (auth.status === "loading") return <FullScreenSpinner label={t("loading")} />;
  return (
    <>
      <SkipLink />
      <Suspense fallback={<FullScreenSpinner label={t("loading")} />}>
        <Routes>
          <Route path={clientRoutes.waitlist} element={<WaitlistPage />} />
          <Route path={clientRoutes.landing} element={<LandingPage />} />
          <Route element={<AppLayout />}>
            <Route path={clientRoutes.login} element={<LoginPage />} />
            <Route element={<AppShell />}>
              <Route path={clientRoutes.app} element={<AppHomePage />} />
              <Route path={clientRoutes.personas} element={<PersonasPage />} />
              <Route path={clientRoutes.styleKits} element={<StyleKitsPage />} />
              <Route path={clientRoutes.editor} element={<EditorPage />} />
              <Route path={clientRoutes.gallery} element={<GalleryPage />} />
              <Route path={clientRoutes.video} element={<VideoPage />} />
              <Route path={clientRoutes.credits} element={<CreditsPage />} />
              <Route path={clientRoutes.pricing} element={<PricingPage />} />
            </Route>
          </Route>
          <Route path={clientRoutes.terms} element={<LegalPage doc="terms" />} />
          <Route path={clientRoutes.privacy} element={<LegalPage doc="privacy" />} />
          <Route path={clientRoutes.refund} element={<LegalPage doc="refund" />} />
          <Route path={clientRoutes.share} element={<SharePage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
        <InteractiveMark />
      </Suspense>
    </>
  );
}
