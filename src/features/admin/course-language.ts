import type { ContentLanguage } from '../../../domain/question-languages';
import { useCourses } from '../../lib/learner-course';

/**
 * The exam language of the course a bank tab acts on (`courseId`, null for the default one): what
 * its questions and topics are written in. English until the courses have loaded.
 */
export function useCourseLanguage(courseId: number | null): ContentLanguage {
  const courses = useCourses();
  return (
    courses?.find((course) => (courseId === null ? course.is_default : course.id === courseId))
      ?.language || 'en'
  );
}
