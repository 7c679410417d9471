import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { CATALOGS_ATTRIBUTE, namespacesOfCatalogFiles, pageCatalogsFor } from "./i18n/catalogs";
import { toLanguage } from "./i18n/languages";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The first render needs the page's translations, or it would differ from the server's. Without
// them the page stays as the server sent it: it works without script.
const page = document.documentElement;
const namespaces = namespacesOfCatalogFiles(page.getAttribute(CATALOGS_ATTRIBUTE) ?? "");
if (namespaces.length > 0) pageCatalogsFor(toLanguage(page.lang), namespaces).then(hydrate, () => undefined);
else hydrate();
