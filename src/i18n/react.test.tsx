import { act, cleanup, render, screen } from '@testing-library/react';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { Component, Suspense, useMemo, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadNamespaces, StringsUnavailableError } from './load';
import { I18nProvider, reactBinding, useTranslation } from './react';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const strings = {
  en: { common: { hello: 'Hello' }, exam: { start: 'Start the exam' } },
  ru: { common: { hello: 'Привет' }, exam: { start: 'Начать экзамен' } },
};

function instanceWithStrings() {
  const instance = i18next.createInstance();
  void instance.init({
    lng: 'en',
    resources: strings,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

function Greeting() {
  const { t } = useTranslation();
  return <p>{t('hello')}</p>;
}

/** A label worked out once per `t`, as components memoize what they build from strings. */
function MemoizedStart() {
  const { t } = useTranslation('exam');
  const label = useMemo(() => t('start'), [t]);
  return <button type="button">{label}</button>;
}

describe('useTranslation', () => {
  it('speaks the instance language and draws again when it changes', async () => {
    const i18n = instanceWithStrings();
    render(
      <I18nProvider i18n={i18n}>
        <Greeting />
        <MemoizedStart />
      </I18nProvider>,
    );
    expect(screen.getByText('Hello')).toBeTruthy();
    expect(screen.getByRole('button').textContent).toBe('Start the exam');
    await act(() => i18n.changeLanguage('ru'));
    expect(screen.getByText('Привет')).toBeTruthy();
    expect(screen.getByRole('button').textContent).toBe('Начать экзамен');
  });

  it('translates in the first namespace given and reaches the others by prefix', () => {
    function Both() {
      const { t } = useTranslation(['exam', 'common']);
      return <p>{`${t('start')} / ${t('common:hello')}`}</p>;
    }
    render(
      <I18nProvider i18n={instanceWithStrings()}>
        <Both />
      </I18nProvider>,
    );
    expect(screen.getByText('Start the exam / Hello')).toBeTruthy();
  });

  it('suspends until its namespace has come, then shows its words', async () => {
    const waiting: { namespace: string; callback: ReadCallback }[] = [];
    const backend: BackendModule = {
      type: 'backend',
      init() {},
      read(_language, namespace, callback) {
        waiting.push({ namespace, callback });
      },
    };
    const i18n = i18next.createInstance();
    void i18n.use(backend).init({
      lng: 'en',
      fallbackLng: 'en',
      ns: [],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
    });
    render(
      <I18nProvider i18n={i18n}>
        <Suspense fallback={<p>Loading…</p>}>
          <MemoizedStart />
        </Suspense>
      </I18nProvider>,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    // The namespace is asked for once the instance is ready, a few turns of the event loop on.
    const request = await vi.waitFor(() => {
      const asked = waiting.find((entry) => entry.namespace === 'exam');
      if (!asked) throw new Error('the exam strings were not asked for');
      return asked;
    });
    await act(async () => {
      request.callback(null, strings.en.exam);
      await Promise.resolve();
    });
    expect((await screen.findByRole('button')).textContent).toBe('Start the exam');
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('uses the instance bound with reactBinding when no provider is above', () => {
    const i18n = i18next.createInstance();
    void i18n.use(reactBinding).init({
      lng: 'ru',
      resources: strings,
      defaultNS: 'common',
      initAsync: false,
    });
    render(<Greeting />);
    expect(screen.getByText('Привет')).toBeTruthy();
  });
});

/** Draws what it caught: the namespaces of a StringsUnavailableError, or the error's name. */
class Caught extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <p role="alert">
        {error instanceof StringsUnavailableError
          ? `unavailable: ${error.namespaces.join(', ')}`
          : String(error)}
      </p>
    );
  }
}

/**
 * An instance whose backend answers from `strings`, except that each `language|namespace` in
 * `failing` fails (not to be retried) until it is taken out; `reads` counts the fetches.
 */
function instanceWithFailingFiles(language: 'en' | 'ru', failing: Set<string>) {
  const reads: string[] = [];
  const backend: BackendModule = {
    type: 'backend',
    init() {},
    read(lng, namespace, callback) {
      reads.push(`${lng}|${namespace}`);
      const known = (strings as Record<string, Record<string, unknown>>)[lng]?.[namespace];
      if (failing.has(`${lng}|${namespace}`) || !known) callback('failed', false);
      else callback(null, known as Record<string, string>);
    },
  };
  const i18n = i18next.createInstance();
  const ready = i18n.use(backend).init({
    lng: language,
    fallbackLng: 'en',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  return { i18n, ready, reads };
}

describe('a namespace that cannot be fetched', () => {
  it('fails the load, and a later load fetches it again', async () => {
    const failing = new Set(['en|exam']);
    const { i18n, ready, reads } = instanceWithFailingFiles('en', failing);
    await ready;
    const first = loadNamespaces(i18n, ['exam']);
    await expect(first).rejects.toBeInstanceOf(StringsUnavailableError);
    await expect(first).rejects.toMatchObject({ namespaces: ['exam'] });
    expect(reads.filter((read) => read === 'en|exam')).toHaveLength(1);

    failing.clear();
    await loadNamespaces(i18n, ['exam']);
    expect(reads.filter((read) => read === 'en|exam')).toHaveLength(2);
    expect(i18n.t('exam:start')).toBe('Start the exam');
  });

  it('reaches the error boundary instead of drawing its keys', async () => {
    const { i18n, ready } = instanceWithFailingFiles('en', new Set(['en|exam']));
    await ready;
    // React reports what a boundary caught on the console.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <I18nProvider i18n={i18n}>
        <Caught>
          <Suspense fallback={<p>Loading…</p>}>
            <MemoizedStart />
          </Suspense>
        </Caught>
      </I18nProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('unavailable: exam');
    expect(screen.queryByText('start')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("draws the common strings' keys rather than nothing when they cannot be fetched", async () => {
    const { i18n, ready } = instanceWithFailingFiles('en', new Set(['en|common']));
    await ready;
    render(
      <I18nProvider i18n={i18n}>
        <Caught>
          <Greeting />
        </Caught>
      </I18nProvider>,
    );
    expect(screen.getByText('hello')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is no failure when the fallback language has it: the words come in English', async () => {
    const { i18n, ready } = instanceWithFailingFiles('ru', new Set(['ru|exam']));
    await ready;
    await loadNamespaces(i18n, ['exam']);
    render(
      <I18nProvider i18n={i18n}>
        <Caught>
          <MemoizedStart />
        </Caught>
      </I18nProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('Start the exam');
  });
});
