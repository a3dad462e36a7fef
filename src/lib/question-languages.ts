import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/react';
import { type ContentLanguage, contentLanguageFor } from '../../domain/question-languages';
import { useAuth } from './auth';
import { useLearnerCourse } from './learner-course';

/**
 * The languages a learner reads questions in (issue 42), as the screens need them. The server
 * shows every question in the learner's content language; the app asks, on every call that
 * hands out questions, for the exam language's words too, so the learner can show them beside
 * a translation at any moment (offline too) without asking again.
 */
export const WITH_ORIGINAL = { with_original: true } as const;

/**
 * The signed-in learner's content language, as the server works it out: the one chosen in the
 * profile, else the interface language when the course's questions can be read in it, else the
 * course's exam language. Null while the course loads.
 */
export function useContentLanguage({
  automatic = false,
}: {
  /** What the default gives, whatever the learner chose. */
  automatic?: boolean;
} = {}): ContentLanguage | null {
  const { user } = useAuth();
  const course = useLearnerCourse();
  const { i18n } = useTranslation();
  if (!course) return null;
  return contentLanguageFor({
    chosen: automatic ? null : user?.content_language,
    interfaceLanguage: i18n.resolvedLanguage,
    course,
  });
}

/**
 * Loads the page's questions again when the learner's content language changes under it: left
 * to follow the interface language, it changes with the language switcher, and the questions
 * on the page came in the one before (the headings changed at once, the questions stayed).
 */
export function useReloadOnContentLanguage(): void {
  const language = useContentLanguage();
  const router = useRouter();
  const shown = useRef(language);
  useEffect(() => {
    if (language === null) return;
    if (shown.current !== null && shown.current !== language) void router.invalidate();
    shown.current = language;
  }, [language, router]);
}
