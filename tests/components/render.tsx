import { act, cleanup, render, type RenderOptions } from "@testing-library/react";
import { createInstance, type i18n as I18n } from "i18next";
import type { ReactElement } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach } from "vitest";
import { resources } from "~/locales/resources.server";

const serverContainers: HTMLElement[] = [];
const hydratedRoots: Root[] = [];

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  for (const root of hydratedRoots.splice(0)) act(() => root.unmount());
  for (const container of serverContainers.splice(0)) container.remove();
});

export type Language = "en" | "es";

/** A real i18next instance with the portal's real strings (every namespace) for one language. */
export function createTestI18n(lng: Language = "en"): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    ns: Object.keys(resources[lng]),
    defaultNS: "common",
    resources: { [lng]: resources[lng] },
    initImmediate: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/** Renders in the browser as the portal does once its JavaScript has loaded. */
export function renderWithI18n(ui: ReactElement, { lng = "en", ...options }: { lng?: Language } & Omit<RenderOptions, "wrapper"> = {}) {
  const i18n = createTestI18n(lng);
  return render(ui, {
    ...options,
    wrapper: ({ children }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>,
  });
}

/**
 * Renders on the "server" and mounts the HTML without React, which is exactly what a
 * visitor with JavaScript turned off receives.
 */
export function renderServerHtml(ui: ReactElement, { lng = "en" }: { lng?: Language } = {}) {
  const i18n = createTestI18n(lng);
  const html = renderToString(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
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
  const i18n = createTestI18n(lng);
  await act(async () => {
    hydratedRoots.push(hydrateRoot(container, <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>));
  });
  return { container };
}
