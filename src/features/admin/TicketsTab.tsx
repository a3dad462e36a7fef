import { useTranslation } from 'react-i18next';
import { unwrap } from '../../api';
import { useApi } from '../../lib/api-context';
import { Button } from '../../ui/button/Button';
import { Card } from '../../ui/card/Card';
import { useConfirm } from '../../ui/confirm/ConfirmDialog';
import { useNotify } from '../../ui/notifications/Notifications';
import * as styles from './admin.css';
import { ListEmptyState, StatCard } from './parts';
import { useNumberFormats } from '../../i18n/numbers';
import { useAdminData } from './use-admin-data';
import { useAdminTask, useFailureMessage, useFailureReason } from './use-admin-task';

/** The spec's generation: 25 tickets of 40 questions, replacing the old ones. */
export const TICKET_GENERATION = { questions_per_ticket: 40, total_tickets: 25 } as const;

/** Training tickets: stats, generate, refresh, delete all and the list. */
export function TicketsTab() {
  const { t } = useTranslation('admin');
  const api = useApi();
  const notify = useNotify();
  const { number } = useNumberFormats();
  const failure = useFailureMessage();
  const reasonOf = useFailureReason();
  const { busy, run } = useAdminTask();
  const { confirm, dialog } = useConfirm();
  const tickets = useAdminData(
    'tickets',
    async (signal) => {
      const [stats, list] = await Promise.all([
        unwrap(api.GET('/training-tickets/stats/info', { signal })),
        unwrap(api.GET('/training-tickets', { signal })),
      ]);
      return { stats, list };
    },
    () => notify.error(t('errors.fetchTickets')),
  );
  const list = tickets.data?.list ?? [];

  const generate = async () => {
    const confirmed = await confirm({
      title: t('tickets.generateTitle'),
      message: t('confirm.generateTickets', TICKET_GENERATION),
      confirmLabel: t('tickets.generate'),
      cancelLabel: t('actions.cancel'),
      variant: 'primary',
    });
    if (!confirmed) return;
    const result = await run(
      'generate',
      () => unwrap(api.POST('/training-tickets/generate', { body: TICKET_GENERATION })),
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
      message: t('confirm.cannotBeUndone'),
      confirmLabel: t('actions.deleteAll'),
      cancelLabel: t('actions.cancel'),
    });
    if (!confirmed) return;
    const result = await run('deleteAll', () => unwrap(api.DELETE('/training-tickets/all')), {
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
          tone="success"
          testId="tickets-available"
        />
        <StatCard
          label={t('tickets.perTicket')}
          value={number(TICKET_GENERATION.questions_per_ticket)}
          tone="info"
        />
      </div>
      <div className={styles.toolbar}>
        <Button onClick={() => void generate()} loading={busy === 'generate'}>
          {t('tickets.generate')}
        </Button>
        <Button variant="secondary" onClick={tickets.reload} loading={tickets.loading}>
          {t('actions.refresh')}
        </Button>
        <div className={styles.toolbarEnd}>
          <Button variant="danger" onClick={() => void removeAll()} loading={busy === 'deleteAll'}>
            {t('tickets.deleteAll')}
          </Button>
        </div>
      </div>
      <Card title={t('tickets.list')} aria-busy={tickets.loading}>
        {list.length === 0 ? (
          <div className={styles.muted}>
            <ListEmptyState list={tickets} empty={t('tickets.empty')} />
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
              </li>
            ))}
          </ul>
        )}
      </Card>
      {dialog}
    </div>
  );
}
