import { useId, useRef, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { joinSentences } from '../../i18n/sentences';
import { courseQuery, type Ticket, type TicketStats } from './admin-api';
import { unwrap } from '../../api';
import { useApi } from '../../lib/api-context';
import { Button } from '../../ui/button/Button';
import { Card } from '../../ui/card/Card';
import { useConfirm } from '../../ui/confirm/ConfirmDialog';
import { TextField } from '../../ui/form/TextField';
import { useNotify } from '../../ui/notifications/Notifications';
import * as styles from './admin.css';
import { DangerZone, ListEmptyState, StatCard } from './parts';
import { useNumberFormats } from '../../i18n/numbers';
import { useFormDraft } from '../../lib/use-form-draft';
import { useAdminData } from './use-admin-data';
import { useAdminTask, useFailureMessage, useFailureReason } from './use-admin-task';
import { parseQuestionIds } from './validation';
import { wholeNumberIn } from './course-form';
import { TicketQuestions } from './TicketQuestions';

/**
 * The spec's generation: 25 tickets of 40 questions, replacing the old ones. The form starts
 * from 25 tickets of the course's exam size (40 when that is not known) and may deal others.
 */
export const TICKET_GENERATION = { questions_per_ticket: 40, total_tickets: 25 } as const;

/** Each number the server takes (openapi/api.yaml: TicketGeneration). */
export const TICKET_LIMITS = { min: 1, max: 200 } as const;

type GenerationField = 'total_tickets' | 'questions_per_ticket';
const GENERATION_FIELDS: readonly GenerationField[] = ['total_tickets', 'questions_per_ticket'];

/** A whole number within TICKET_LIMITS, as the course form reads one; null for anything else. */
const generationNumber = (text: string) => wholeNumberIn(text, TICKET_LIMITS);

/** Training tickets: stats, how many to generate, generate, refresh, delete all and the list. */
export function TicketsTab({
  courseId,
  examSize,
}: {
  /** The course whose tickets this shows and deals; null for the only one there is. */
  courseId: number | null;
  /** How many questions the course's exam asks: a new ticket's size; null when not known. */
  examSize: number | null;
}) {
  const { t, i18n } = useTranslation('admin');
  const api = useApi();
  const notify = useNotify();
  const { number } = useNumberFormats();
  const failure = useFailureMessage();
  const reasonOf = useFailureReason();
  const { busy, run } = useAdminTask();
  const emptyText = useRef<HTMLSpanElement>(null);
  const { confirm, dialog } = useConfirm();
  const generateNoteId = useId();
  const fieldId = useId();
  const query = courseQuery(courseId);
  // What was typed comes back after a reload, per course; a field left alone shows the default.
  const draft = useFormDraft<GenerationField>(
    `tickets.${courseId ?? 'only'}`,
    {
      total_tickets: String(TICKET_GENERATION.total_tickets),
      questions_per_ticket: String(
        examSize !== null && generationNumber(String(examSize)) !== null
          ? examSize
          : TICKET_GENERATION.questions_per_ticket,
      ),
    },
    GENERATION_FIELDS,
  );
  // Each field as a number the server takes, or null.
  const typed: Record<GenerationField, number | null> = {
    total_tickets: generationNumber(draft.values.total_tickets),
    questions_per_ticket: generationNumber(draft.values.questions_per_ticket),
  };
  const { total_tickets: totalTickets, questions_per_ticket: questionsPerTicket } = typed;
  const plan =
    totalTickets !== null && questionsPerTicket !== null
      ? { total_tickets: totalTickets, questions_per_ticket: questionsPerTicket }
      : null;
  const errorIdOf = (field: GenerationField) => `${fieldId}-${field}-error`;
  const tickets = useAdminData(
    'tickets',
    async (signal) => {
      const [stats, list, bank] = await Promise.all([
        // The stats call knows no course: a chosen course's are counted from its list below.
        courseId === null ? unwrap(api.GET('/training-tickets/stats/info', { signal })) : null,
        unwrap(api.GET('/training-tickets', { params: { query }, signal })),
        // Only the count, for whether the bank holds enough questions for a ticket; without it
        // Generate stays on and the server's answer says so.
        unwrap(
          api.GET('/admin/questions', { params: { query: { ...query, limit: 1 } }, signal }),
        ).then(
          (page) => page.totalQuestions,
          () => undefined,
        ),
      ]);
      return { stats: stats ?? ticketStatsOf(list), list, bankSize: bank };
    },
    () => notify.error(t('errors.fetchTickets')),
  );
  const list = tickets.data?.list ?? [];
  const bankSize = tickets.data?.bankSize;
  // The server refuses too (a ticket holds distinct questions); said before anyone asks.
  const bankTooSmall =
    bankSize !== undefined && questionsPerTicket !== null && bankSize < questionsPerTicket;
  const perTicket = questionsPerTicketOf(list);
  // Why Generate is off: the fields' own problems, then the bank's.
  const blockers = [
    ...GENERATION_FIELDS.filter((field) => typed[field] === null).map(errorIdOf),
    ...(bankTooSmall ? [generateNoteId] : []),
  ];

  const fieldProps = (field: GenerationField) => {
    const wrong = typed[field] === null;
    return {
      id: `${fieldId}-${field}`,
      name: field,
      required: true,
      type: 'number',
      inputMode: 'numeric' as const,
      min: TICKET_LIMITS.min,
      max: TICKET_LIMITS.max,
      step: 1,
      value: draft.values[field],
      onChange: (event: { target: { value: string } }) => draft.set(field, event.target.value),
      error: wrong ? t('courses.validation.wholeNumber', TICKET_LIMITS) : undefined,
    };
  };

  // Enter in a field generates as the button does: through the question first.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (plan === null || bankTooSmall || busy !== null) return;
    void generate(plan);
  };

  const generate = async (chosen: NonNullable<typeof plan>) => {
    const confirmed = await confirm({
      title: t('tickets.generateTitle'),
      // Only where there are tickets to replace does it say they will be.
      message: joinSentences(i18n.language, [
        t('tickets.generateConfirm', {
          tickets: t('tickets.ticketCount', { count: chosen.total_tickets }),
          questions: t('counts.questions', { ns: 'common', count: chosen.questions_per_ticket }),
        }),
        list.length > 0 && t('confirm.ticketsReplaced'),
      ]),
      confirmLabel: t('tickets.generate'),
      cancelLabel: t('actions.cancel'),
      variant: 'primary',
    });
    if (!confirmed) return;
    const result = await run(
      'generate',
      () => unwrap(api.POST('/training-tickets/generate', { params: { query }, body: chosen })),
      {
        success: () => t('success.ticketsGenerated'),
        error: (error) =>
          t('errors.generateTickets', { detail: reasonOf(error) ?? t('errors.unknown') }),
      },
    );
    if (result.ok) tickets.reload();
  };

  const removeAll = async () => {
    const confirmed = await confirm({
      title: t('tickets.deleteAllTitle'),
      message: joinSentences(i18n.language, [
        t('confirm.deleteAllTickets', { count: list.length }),
        t('confirm.cannotBeUndone'),
      ]),
      confirmLabel: t('actions.deleteAll'),
      cancelLabel: t('actions.cancel'),
    });
    if (!confirmed) return;
    const deleteAll = () => unwrap(api.DELETE('/training-tickets/all', { params: { query } }));
    const result = await run('deleteAll', deleteAll, {
      success: () => t('success.ticketsDeleted'),
      error: (error) => failure('errors.deleteTickets', error),
    });
    if (result.ok) tickets.reload();
  };

  return (
    <div className={styles.stack}>
      <div className={styles.statsGrid}>
        <StatCard
          label={t('tickets.total')}
          value={number(tickets.data?.stats.total_tickets)}
          testId="tickets-total"
        />
        <StatCard
          label={t('tickets.available')}
          value={number(tickets.data?.stats.tickets_available)}
          hint={t('tickets.availableHint')}
          tone="success"
          testId="tickets-available"
        />
        <StatCard
          label={t('tickets.perTicket')}
          value={perTicket?.text ?? '—'}
          hint={
            perTicket === null
              ? questionsPerTicket === null
                ? undefined
                : t('tickets.perTicketNone', { count: questionsPerTicket })
              : perTicket.uneven
                ? t('tickets.perTicketUneven')
                : undefined
          }
          tone="info"
          testId="tickets-per-ticket"
        />
      </div>
      <form
        className={styles.stack}
        onSubmit={submit}
        noValidate
        aria-label={t('tickets.generateTitle')}
      >
        <div className={styles.generationFields}>
          <div className={styles.generationField}>
            <TextField
              {...fieldProps('total_tickets')}
              label={t('tickets.fields.total')}
              hint={t('tickets.hints.total', TICKET_LIMITS)}
            />
          </div>
          <div className={styles.generationField}>
            <TextField
              {...fieldProps('questions_per_ticket')}
              label={t('tickets.fields.perTicket')}
              hint={
                examSize === null
                  ? t('tickets.hints.perTicket', TICKET_LIMITS)
                  : t('tickets.hints.perTicketExam', { ...TICKET_LIMITS, count: examSize })
              }
            />
          </div>
        </div>
        <div className={styles.toolbar}>
          <Button
            type="submit"
            loading={busy === 'generate'}
            disabled={blockers.length > 0}
            aria-describedby={blockers.length > 0 ? blockers.join(' ') : undefined}
          >
            {t('tickets.generate')}
          </Button>
          <Button variant="secondary" onClick={tickets.reload} loading={tickets.loading}>
            {t('actions.refresh')}
          </Button>
        </div>
        {bankTooSmall && (
          <p className={styles.muted} id={generateNoteId} data-testid="generate-note">
            {t('tickets.bankTooSmall', { count: questionsPerTicket, bank: bankSize })}
          </p>
        )}
      </form>
      <Card title={t('tickets.list')} aria-busy={tickets.loading}>
        {list.length === 0 ? (
          <div className={styles.muted}>
            <ListEmptyState list={tickets} empty={t('tickets.empty')} textRef={emptyText} />
          </div>
        ) : (
          <ul className={styles.ticketGrid} data-testid="tickets-list">
            {list.map((ticket) => (
              <li key={ticket.id} className={styles.ticket} data-testid="ticket">
                <p className={styles.ticketTitle}>
                  {t('tickets.number', { number: ticket.ticket_number })}
                </p>
                <span className={styles.muted}>
                  {t('tickets.questions', { questions: ticket.question_count })}
                </span>
                <span className={styles.muted}>
                  {t('tickets.maxPoints', { points: ticket.max_points })}
                </span>
                <TicketQuestions courseId={courseId} ticketNumber={ticket.ticket_number} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <DangerZone
        label={t('tickets.deleteAll')}
        onDelete={() => void removeAll()}
        deleting={busy === 'deleteAll'}
        nothingToDelete={list.length === 0 ? t('tickets.noneToDelete') : undefined}
        emptied={emptyText}
      />
      {dialog}
    </div>
  );
}

/**
 * The stats of a list of tickets, as the server counts them: a ticket is available while every
 * question it was dealt is still in the bank (its count is of those left).
 */
function ticketStatsOf(list: readonly Ticket[]): TicketStats {
  const complete = (ticket: Ticket) => {
    const dealt = parseQuestionIds(ticket.question_ids);
    return dealt.ok && dealt.ids.length > 0 && dealt.ids.length === ticket.question_count;
  };
  return { total_tickets: list.length, tickets_available: list.filter(complete).length };
}

/**
 * How many questions the stored tickets hold ('40', or '38–40' once some of their questions were
 * deleted); null with no tickets, when there is nothing to count.
 */
function questionsPerTicketOf(
  tickets: readonly Ticket[],
): { text: string; uneven: boolean } | null {
  if (tickets.length === 0) return null;
  const counts = tickets.map((ticket) => ticket.question_count);
  const low = Math.min(...counts);
  const high = Math.max(...counts);
  return low === high
    ? { text: String(low), uneven: false }
    : { text: `${low}–${high}`, uneven: true };
}
