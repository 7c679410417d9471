import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { defaultNamespace, toLanguage } from "~/i18n";
import { TranslationProvider } from "~/i18n-react";
import { createTranslator, type Catalogs } from "~/i18n-translate";

type RootData = { language: string; translations: Catalogs };

const root = (window as unknown as { __remixContext: { state: { loaderData: { root?: RootData } } } }).__remixContext.state.loaderData.root;
// Only the page's language reaches the browser (the root loader sends it).
const translator = createTranslator(toLanguage(document.documentElement.lang), root ? [root.translations] : [], defaultNamespace);

startTransition(() => {
  hydrateRoot(
    document,
    <TranslationProvider translator={translator}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </TranslationProvider>,
  );
});
