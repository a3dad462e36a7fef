import type { i18n as I18n, TFunction, ThirdPartyModule } from 'i18next';
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { DEFAULT_NAMESPACE, type Namespace } from './config';
import { loadNamespaces, StringsUnavailableError, unavailableNamespaces } from './load';

/*
 * The app's React binding for i18next: the provider, the hook and the instance for components
 * drawn outside a provider. It does what the app asked of react-i18next (which weighed 2.6 KB
 * gzipped in the entry every page loads): a component speaks the instance's language, draws
 * again when the language changes, and suspends until its namespaces are loaded.
 */

const I18nContext = createContext<I18n | null>(null);

/** The instance components use when no provider is above them (tests render parts alone). */
let defaultInstance: I18n | null = null;

/** `i18next.use(reactBinding)`: the instance becomes the one components fall back on. */
export const reactBinding: ThirdPartyModule = {
  type: '3rdParty',
  init(instance) {
    defaultInstance = instance;
  },
};

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export interface Translation {
  /** Translates in the first namespace asked for; others are reached as `namespace:key`. */
  t: TFunction;
  i18n: I18n;
}

const subscriptions = new WeakMap<I18n, (onChange: () => void) => () => void>();

/** One subscribe function per instance, so React keeps its subscription across renders. */
function languageChanges(i18n: I18n) {
  let subscribe = subscriptions.get(i18n);
  if (!subscribe) {
    subscribe = (onChange) => {
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    };
    subscriptions.set(i18n, subscribe);
  }
  return subscribe;
}

/**
 * The translate function for the namespaces given (`common` when none is). Suspends until they
 * are loaded in the current language; throws StringsUnavailableError to the error boundary when
 * one other than `common` could not be fetched.
 */
export function useTranslation(namespaces?: Namespace | readonly Namespace[]): Translation {
  const i18n = useContext(I18nContext) ?? defaultInstance;
  if (!i18n)
    throw new Error('useTranslation: no i18next instance (an I18nProvider, or reactBinding)');
  const wanted =
    typeof namespaces === 'string' ? [namespaces] : (namespaces ?? [DEFAULT_NAMESPACE]);
  const first = wanted[0] ?? DEFAULT_NAMESPACE;
  const language = useSyncExternalStore(languageChanges(i18n), () => i18n.language);
  const t = useMemo(() => i18n.getFixedT(language, first), [i18n, language, first]);
  const ready =
    i18n.isInitialized && wanted.every((namespace) => i18n.hasLoadedNamespace(namespace));
  // Thrown to the nearest Suspense boundary, which draws the component again once it settles
  // (a failed load included: the check below then finds it).
  if (!ready) throw loadNamespaces(i18n, wanted).catch(() => undefined);
  // Not the frame's own strings: the error screen is written in them, so without them the page
  // shows their keys rather than nothing at all.
  const unavailable = unavailableNamespaces(i18n, wanted).filter(
    (namespace) => namespace !== DEFAULT_NAMESPACE,
  );
  if (unavailable.length > 0) throw new StringsUnavailableError(unavailable);
  return { t, i18n };
}
