/**
 * The portal's React binding for translations: `useTranslation` and `Trans`, used by every
 * component. It reads the translator from react-i18next's context, so a page can be given either
 * the portal's light translator (the server's render and the browser) or a full i18next instance
 * (component tests); both answer `getFixedT` and `language`.
 *
 * Why not react-i18next's own hooks: they subscribe every component to i18next events and keep
 * state per call, which was a large share of the server's render time, and with i18next they were
 * the largest part of the browser's script after React and Remix.
 */
import type { i18n as I18n } from "i18next";
import { cloneElement, createElement, Fragment, isValidElement, useContext, useMemo, type ReactElement, type ReactNode } from "react";
import { getI18n, I18nContext, I18nextProvider } from "react-i18next";
import type { TranslateFunction, TranslationValues, Translator } from "./i18n-translate";

/** What useTranslation needs of whatever the context holds. */
interface TranslationSource {
  language: string;
  getFixedT(language: string | null, namespace?: string): TranslateFunction;
}

/** The translator as the context's source: the two members useTranslation reads. */
function sourceFor(translator: Translator): TranslationSource {
  return { language: translator.language, getFixedT: (_language, namespace) => translator.fixed(namespace) };
}

const sourceByTranslator = new WeakMap<Translator, TranslationSource>();

export function TranslationProvider({ translator, children }: { translator: Translator; children?: ReactNode }) {
  let source = sourceByTranslator.get(translator);
  if (!source) {
    source = sourceFor(translator);
    sourceByTranslator.set(translator, source);
  }
  // react-i18next's context carries it, so a full i18next instance (component tests) works the same.
  return createElement(I18nextProvider, { i18n: source as unknown as I18n }, children);
}

const keyOnly: TranslateFunction = (key) => key;

export function useTranslation(namespace?: string): { t: TranslateFunction; i18n: { language: string } } {
  const context = useContext(I18nContext) as { i18n?: TranslationSource; defaultNS?: string } | undefined;
  // As react-i18next: without a provider, the instance registered with initReactI18next, if any.
  const source = (context?.i18n ?? getI18n()) as TranslationSource | undefined;
  const resolvedNamespace = namespace ?? context?.defaultNS;
  const t = useMemo(() => (source ? source.getFixedT(null, resolvedNamespace) : keyOnly), [source, resolvedNamespace]);
  return { t, i18n: source ?? { language: "en" } };
}

// <name>, </name> and <name/> in a translated string.
const TAG = /<(\/?)([A-Za-z][\w-]*)\s*(\/?)>/g;

interface OpenTag {
  name: string;
  written: string;
  children: ReactNode[];
}

function elementFor(tag: OpenTag, components: Record<string, ReactElement>, key: number): ReactNode {
  const component = components[tag.name];
  if (!isValidElement(component)) return createElement(Fragment, { key }, ...tag.children);
  return tag.children.length > 0 ? cloneElement(component, { key }, ...tag.children) : cloneElement(component, { key });
}

/**
 * Turns "Write to <support>us</support>." into text and `components.support` with "us" as its
 * children. A tag without a component keeps only its content; a closing tag that matches nothing
 * stays as text.
 */
export function renderTranslatedMarkup(text: string, components: Record<string, ReactElement> = {}): ReactNode[] {
  const root: OpenTag = { name: "", written: "", children: [] };
  const open: OpenTag[] = [root];
  let position = 0;
  let key = 0;
  for (const match of text.matchAll(TAG)) {
    const [written, closing, name, selfClosing] = match;
    const current = open[open.length - 1]!;
    if (match.index > position) current.children.push(text.slice(position, match.index));
    position = match.index + written.length;
    if (selfClosing) {
      current.children.push(elementFor({ name: name!, written, children: [] }, components, key++));
    } else if (!closing) {
      open.push({ name: name!, written, children: [] });
    } else if (open.length > 1 && current.name === name) {
      open.pop();
      open[open.length - 1]!.children.push(elementFor(current, components, key++));
    } else {
      current.children.push(written);
    }
  }
  if (position < text.length) open[open.length - 1]!.children.push(text.slice(position));
  // An opening tag never closed is kept as written, with what followed it.
  while (open.length > 1) {
    const unclosed = open.pop()!;
    open[open.length - 1]!.children.push(unclosed.written, ...unclosed.children);
  }
  return root.children;
}

export interface TransProps {
  i18nKey: string;
  t?: TranslateFunction;
  ns?: string;
  values?: TranslationValues;
  components?: Record<string, ReactElement>;
}

/** A translated string with components in it, e.g. a link around some of its words. */
export function Trans({ i18nKey, t, ns, values, components }: TransProps) {
  const fromContext = useTranslation(ns).t;
  return createElement(Fragment, null, ...renderTranslatedMarkup((t ?? fromContext)(i18nKey, values), components));
}
