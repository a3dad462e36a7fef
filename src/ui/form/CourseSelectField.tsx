import type { ReactNode } from 'react';
import type { components } from '../../api';
import { useCourseWords } from '../../lib/course-words';
import { SelectField } from './SelectField';

type Course = components['schemas']['Course'];

/**
 * A course to learn, chosen by its name and the language of its questions ("Korea, class 1
 * (Korean)"): on registration and on the profile. `value` is the course's id as text, '' for
 * none chosen yet (then `placeholder` shows, not itself a choice).
 */
export function CourseSelectField({
  courses,
  value,
  onChange,
  label,
  placeholder,
  hint,
  error,
  required,
  disabled,
  name = 'course_id',
}: {
  courses: readonly Course[];
  value: string;
  onChange: (value: string) => void;
  label: ReactNode;
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  name?: string;
}) {
  const words = useCourseWords();
  return (
    <SelectField
      name={name}
      label={label}
      hint={hint}
      error={error}
      required={required}
      disabled={disabled}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      options={[
        ...(placeholder === undefined ? [] : [{ value: '', label: placeholder, disabled: true }]),
        ...courses.map((course) => ({ value: String(course.id), label: words.option(course) })),
      ]}
    />
  );
}
