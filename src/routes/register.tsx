import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../features/auth/RegisterPage';
import { loadNamespaces } from '../i18n';
import { loadCourses } from '../lib/learner-course';
import { loadPublicSettings } from '../lib/public-settings';
import { requireGuest } from './-components/guards';

export const Route = createFileRoute('/register')({
  // The loader comes in the page's chunk (see questions.tsx), and the courses' code with it.
  codeSplitGroupings: [['loader', 'component', 'errorComponent']],
  staticData: { title: 'nav.register' },
  beforeLoad: ({ context }) => requireGuest(context.session),
  // The public settings too, so the page opens knowing whether registration is closed instead
  // of showing the form for a moment; unavailable settings leave it open (the server decides).
  // The courses likewise, so a course to choose does not appear under the learner's hands.
  loader: async ({ context }) => {
    await Promise.all([
      loadNamespaces(context.i18n, ['auth', 'parts']),
      loadPublicSettings(context.api).catch(() => undefined),
      loadCourses(context.api).catch(() => undefined),
    ]);
  },
  component: RegisterPage,
});
