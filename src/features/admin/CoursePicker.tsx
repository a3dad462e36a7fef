import { useTranslation } from '../../i18n/react';
import { useCountTexts } from '../../i18n/counts';
import { useCourseWords } from '../../lib/course-words';
import { SelectField } from '../../ui/form/SelectField';
import * as styles from './admin.css';
import type { Course } from './course-form';

/**
 * The course whose questions, tickets and topics the bank tabs show and change; shown only when
 * there are several courses.
 */
export function CoursePicker({
  courses,
  value,
  onChange,
}: {
  courses: readonly Course[];
  value: number;
  onChange: (course: Course) => void;
}) {
  const { t } = useTranslation('admin');
  const words = useCourseWords();
  const counts = useCountTexts();
  return (
    <div className={styles.coursePicker} data-testid="course-picker">
      <SelectField
        name="course"
        label={t('coursePicker.label')}
        hint={t('coursePicker.hint')}
        value={String(value)}
        onChange={(event) => {
          const course = courses.find((candidate) => String(candidate.id) === event.target.value);
          if (course) onChange(course);
        }}
        options={courses.map((course) => ({
          value: String(course.id),
          label: t('coursePicker.option', {
            // Its count of questions follows, 0 included: not "no questions yet" besides.
            course: words.option({ name: course.name, language: course.language }),
            questions: counts.questions(course.question_total),
          }),
        }))}
      />
    </div>
  );
}
