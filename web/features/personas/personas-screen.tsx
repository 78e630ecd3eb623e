import { useTranslation } from "react-i18next";
import { PersonaCreator } from "./persona-creator.tsx";
import { PersonaList } from "./persona-list.tsx";

/** The Persona view: making one on the left, the saved ones on the right (one column on phones). */
export function PersonasScreen() {
  const { t } = useTranslation("personas");
  return (
    <main id="main" className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:gap-8 sm:px-5 sm:py-10">
      <header className="grid max-w-2xl gap-2">
        <h1 className="text-2xl font-black tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="text-muted sm:text-lg">{t("intro")}</p>
      </header>
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-10">
        <PersonaCreator />
        <PersonaList />
      </div>
    </main>
  );
}
