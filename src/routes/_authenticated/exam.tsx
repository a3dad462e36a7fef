import { createFileRoute } from '@tanstack/react-router';
import { ExamPage } from '../../features/exam/ExamPage';

export const Route = createFileRoute('/_authenticated/exam')({ component: ExamPage });
