import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react';
import { useSiteName } from '../../lib/site-settings';

/** Keys of the common namespace that name a page: the words of the link that leads to it. */
export type PageTitleKey =
  | `nav.${'dashboard' | 'training' | 'exam' | 'questions' | 'donations' | 'admin' | 'profile'}`
  | `nav.${'login' | 'register'}`
  | `footer.${'privacy' | 'terms' | 'help'}`
  | 'notFound.title';

/**
 * Sets the browser tab's title: "<page> — <site name>", or the site name alone (the landing
 * page). Each route names its page in `staticData.title`; an address that leads nowhere is
 * "Page not found", so a history or a tab list tells it from the landing page. Not the router's `head`
 * option: that runs when a route loads, so it would miss a language switch and a site name that
 * arrives (or is changed by an administrator) afterwards; this effect follows all three.
 */
export function useDocumentTitle(): void {
  const { t } = useTranslation('common');
  const site = useSiteName();
  const key = useRouterState({
    select: (state): PageTitleKey | undefined =>
      state.matches.some((match) => match._notFound || match.status === 'notFound')
        ? 'notFound.title'
        : state.matches.findLast((match) => match.staticData.title)?.staticData.title,
  });
  const title = key ? t('pageTitle', { page: t(key), site }) : site;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
