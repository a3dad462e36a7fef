import { act, cleanup, render, screen } from '@testing-library/react';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { Suspense, useMemo } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider, reactBinding, useTranslation } from './react';

afterEach(cleanup);

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
    await act(async () => {
      await Promise.resolve();
    });
    const request = waiting.find((entry) => entry.namespace === 'exam');
    expect(request).toBeDefined();
    await act(async () => {
      request?.callback(null, strings.en.exam);
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
