/**
 * `useTranslation` and `Trans` over the portal's light translator (translate.ts). Not react-i18next:
 * its per-component subscriptions were a large share of server render time, and with i18next the
 * largest part of the browser's script after React and React Router.
 */
import { cloneElement, createContext, createElement, Fragment, isValidElement, useContext, type ReactElement, type ReactNode } from "react";
import { toLanguage } from "./languages";
import { createTranslator, type Catalogs, type TranslateFunction, type TranslationValues, type Translator } from "./translate";

const TranslationContext = createContext<Translator | null>(null);

export function TranslationProvider({ translator, children }: { translator: Translator; children?: ReactNode }) {
  return createElement(TranslationContext.Provider, { value: translator }, children);
}

const translatorsByCatalogs = new WeakMap<Catalogs, Translator>();

/** One translator per catalogs object: the server, which hands out one object per language, builds one per language. */
export function translatorForCatalogs(language: string, catalogs: Catalogs): Translator {
  let translator = translatorsByCatalogs.get(catalogs);
  if (!translator) translatorsByCatalogs.set(catalogs, (translator = createTranslator(toLanguage(language), [catalogs])));
  return translator;
}

type TranslationBinding = { t: TranslateFunction; i18n: { language: string } };

const keyOnlyBinding: TranslationBinding = { t: (key) => key, i18n: { language: "en" } };
const bindingsByTranslator = new WeakMap<Translator, Map<string | undefined, TranslationBinding>>();

/** One binding per translator and namespace, so a render, which calls this hook hundreds of times, allocates nothing for it. */
function bindingFor(translator: Translator, namespace: string | undefined): TranslationBinding {
  let bindings = bindingsByTranslator.get(translator);
  if (!bindings) bindingsByTranslator.set(translator, (bindings = new Map()));
  let binding = bindings.get(namespace);
  if (!binding) bindings.set(namespace, (binding = { t: translator.fixed(namespace), i18n: { language: translator.language } }));
  return binding;
}

export function useTranslation(namespace?: string): TranslationBinding {
  const translator = useContext(TranslationContext);
  return translator ? bindingFor(translator, namespace) : keyOnlyBinding;
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
 * "Write to <support>us</support>." as text and `components.support` around "us". A tag without a
 * component keeps only its content; an unmatched closing tag stays as text.
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
