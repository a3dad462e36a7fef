import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  isContentLanguage,
} from '../../../domain/question-languages';
import { unwrap, type User } from '../../api';
import { LANGUAGE_NAMES } from '../../i18n/config';
import { useApi } from '../../lib/api-context';
import { useAuth } from '../../lib/auth';
import { useFailureMessageIn } from '../../lib/failure-message';
import { useLearnerCourse } from '../../lib/learner-course';
import { useContentLanguage } from '../../lib/question-languages';
import { Card } from '../../ui/card/Card';
import { SelectField } from '../../ui/form/SelectField';
import { useNotify } from '../../ui/notifications/Notifications';
import { pageStyles } from '../../ui/page/PageHeader';
import * as styles from './profile.css';

/**
 * The language questions come in (issue 42), apart from the interface's: automatic (the
 * interface language where the course has it, else the exam's), or one the course's questions
 * are translated into. Saved as it is chosen; every question page reads it again.
 */
export function QuestionLanguageSection({ user }: { user: User }) {
  const { t } = useTranslation(['profile', 'parts']);
  const api = useApi();
  const router = useRouter();
  const { actor } = useAuth();
  const notify = useNotify();
  const failure = useFailureMessageIn('profile');
  const course = useLearnerCourse();
  const automatic = useContentLanguage({ automatic: true });
  const [saving, setSaving] = useState(false);
  if (!course || !automatic) return null;
  // The course's languages, and the one chosen before even where this course lacks it.
  const offered = CONTENT_LANGUAGES.filter(
    (language) => course.languages.includes(language) || language === user.content_language,
  );
  const name = (language: ContentLanguage) => LANGUAGE_NAMES[language];

  const choose = async (value: string) => {
    const chosen = isContentLanguage(value) ? value : null;
    notify.clear('profile.questionLanguage');
    setSaving(true);
    try {
      const updated = await unwrap(
        api.PUT('/user/profile', {
          body: {
            username: user.username,
            email: user.email,
            first_name: user.first_name,
            last_name: user.last_name,
            content_language: chosen,
          },
        }),
      );
      actor.send({ type: 'user.updated', user: updated });
      // Every question page shows its questions in the new language.
      void router.invalidate();
      notify.success(t('questionLanguage.saved'), 'profile.questionLanguage');
    } catch (error) {
      notify.error(failure('questionLanguage.error', error), 'profile.questionLanguage');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card aria-labelledby="profile-question-language-title" data-testid="question-language">
      <div className={styles.sectionHead}>
        <h2 id="profile-question-language-title" className={styles.sectionTitle}>
          {t('questionLanguage.title')}
        </h2>
      </div>
      <SelectField
        label={t('questionLanguage.label')}
        value={user.content_language ?? ''}
        disabled={saving}
        onChange={(event) => void choose(event.target.value)}
        hint={t('questionLanguage.hint', {
          exam: t(`parts:languageNames.${course.language}`),
        })}
        options={[
          { value: '', label: t('questionLanguage.automatic', { language: name(automatic) }) },
          ...offered.map((language) => ({
            value: language,
            label:
              language === course.language
                ? t('questionLanguage.examLanguage', { language: name(language) })
                : name(language),
          })),
        ]}
        data-testid="content-language"
      />
      <p className={pageStyles.muted}>{t('questionLanguage.beside')}</p>
    </Card>
  );
}
