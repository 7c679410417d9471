import { act, cleanup, render, type RenderOptions } from "@testing-library/react";
import type { ReactElement } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach } from "vitest";
import { TranslationProvider, translatorForCatalogs } from "~/i18n/react";
import type { Translator } from "~/i18n/translate";
import { translationsFor } from "~/services/i18n.server";

const serverContainers: HTMLElement[] = [];
const hydratedRoots: Root[] = [];

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  for (const root of hydratedRoots.splice(0)) act(() => root.unmount());
  for (const container of serverContainers.splice(0)) container.remove();
});

export type Language = "en" | "es";

/** The translator the portal's pages render with (the root route's, from its loader's catalogs) for one language. */
export function translatorFor(lng: Language = "en"): Translator {
  return translatorForCatalogs(lng, translationsFor(lng));
}

/** Renders in the browser as the portal does once its JavaScript has loaded. */
export function renderWithI18n(ui: ReactElement, { lng = "en", ...options }: { lng?: Language } & Omit<RenderOptions, "wrapper"> = {}) {
  const translator = translatorFor(lng);
  return render(ui, {
    ...options,
    wrapper: ({ children }) => <TranslationProvider translator={translator}>{children}</TranslationProvider>,
  });
}

/**
 * Renders on the "server" and mounts the HTML without React, which is exactly what a
 * visitor with JavaScript turned off receives.
 */
export function renderServerHtml(ui: ReactElement, { lng = "en" }: { lng?: Language } = {}) {
  const html = renderToString(<TranslationProvider translator={translatorFor(lng)}>{ui}</TranslationProvider>);
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  serverContainers.push(container);
  return { container, html };
}

/**
 * Server-renders, then hydrates the same markup in the browser: the page as it is first
 * received, then enhanced once JavaScript has loaded.
 */
export async function hydrateServerHtml(ui: ReactElement, { lng = "en" }: { lng?: Language } = {}) {
  const { container } = renderServerHtml(ui, { lng });
  await act(async () => {
    hydratedRoots.push(hydrateRoot(container, <TranslationProvider translator={translatorFor(lng)}>{ui}</TranslationProvider>));
  });
  return { container };
}
