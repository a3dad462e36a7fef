import { createFileRoute } from '@tanstack/react-router';
import { ExamPage } from '../../features/exam/ExamPage';
import { translations } from '../-components/translations';

export const Route = createFileRoute('/_authenticated/exam')({
  staticData: { title: 'nav.exam' },
  loader: translations('exam', 'parts'),
  component: ExamPage,
});
