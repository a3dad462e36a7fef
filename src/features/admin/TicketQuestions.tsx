import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { unwrap } from '../../api';
import { useApi } from '../../lib/api-context';
import { courseQuery } from './admin-api';
import { useAdminData } from './use-admin-data';
import * as styles from './admin.css';

/**
 * A ticket's questions in its order, read when the administrator opens them: whether a bank's
 * official tickets came in as published ("Билет 1, вопрос 1" first) can be checked here.
 */
export function TicketQuestions({
  courseId,
  ticketNumber,
}: {
  courseId: number | null;
  ticketNumber: number;
}) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  return (
    <details
      className={styles.ticketQuestions}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>{t('tickets.showQuestions')}</summary>
      {open && <TicketQuestionList courseId={courseId} ticketNumber={ticketNumber} />}
    </details>
  );
}

function TicketQuestionList({
  courseId,
  ticketNumber,
}: {
  courseId: number | null;
  ticketNumber: number;
}) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const ticket = useAdminData(
    `ticket:${courseId ?? 'only'}:${ticketNumber}`,
    (signal) =>
      unwrap(
        api.GET('/training-tickets/{ticket_number}', {
          params: { path: { ticket_number: ticketNumber }, query: courseQuery(courseId) },
          signal,
        }),
      ),
    // Said in place, under the ticket, rather than as a notification.
    () => undefined,
  );
  if (ticket.loading && !ticket.data)
    return <p className={styles.muted}>{t('tickets.loadingQuestions')}</p>;
  if (ticket.failed && !ticket.data)
    return <p className={styles.muted}>{t('errors.fetchAdminData')}</p>;
  return (
    <ol className={styles.ticketQuestionList} data-testid="ticket-questions">
      {(ticket.data?.questions ?? []).map((question) => (
        <li key={question.id}>
          <span className={styles.muted}>#{question.id}</span> {question.question_text}
        </li>
      ))}
    </ol>
  );
}
