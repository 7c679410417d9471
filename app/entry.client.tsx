import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { defaultNamespace, toLanguage } from "~/i18n";

type RootData = { language: string; translations: Record<string, Record<string, unknown>> };

async function hydrate() {
  const root = (window as unknown as { __remixContext: { state: { loaderData: { root?: RootData } } } })
    .__remixContext.state.loaderData.root;
  const language = toLanguage(document.documentElement.lang);
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    defaultNS: defaultNamespace,
    ns: Object.keys(root?.translations ?? {}),
    resources: root ? { [language]: root.translations } : {},
    interpolation: { escapeValue: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
