import type { AppDeps } from '../../deps';
import { NotFoundError } from '../../http/errors';
import { type Caller, type OperationHandlers, requireCaller } from '../../http/operations';
import { adminCourseOf, courseOf } from '../courses/courses.model';
import {
  questionsByIds,
  toQuestion,
  pointsOfExistingQuestions,
  storedQuestionIds,
} from '../questions/questions.model';
import { createLearnerQuestions } from '../questions/question-views';
import { progressOfSets } from '../training-modules/set-progress';
import { isComplete, toTicket } from './tickets.model';
import { createTicketsRepository, type TicketsRepository } from './tickets.repository';
import { generateTickets } from './tickets.service';
import { text } from '../../i18n/text';

export type TicketOperations =
  | 'generateTickets'
  | 'listTickets'
  | 'getTicketQuestions'
  | 'deleteAllTickets'
  | 'getTicketStats'
  | 'getTicketProgress';

// The exam format (spec section 9): 25 tickets of 40 questions.
const DEFAULT_QUESTIONS_PER_TICKET = 40;
const DEFAULT_TOTAL_TICKETS = 25;

/** Handlers of the tickets operations. */
export function createTicketHandlers(deps: AppDeps): Pick<OperationHandlers, TicketOperations> {
  const inLearnersLanguage = createLearnerQuestions(deps);

  /** The tickets of the course a call acts on (see courseOf). */
  async function ticketsOf(caller: Caller | null, requested?: number) {
    const course = courseOf(await deps.bank.snapshot(), requireCaller(caller), requested);
    return createTicketsRepository(deps.db, course.course.id);
  }

  /** Every ticket with the points of all the questions they name, read in one pass. */
  async function ticketsWithPoints(tickets: TicketsRepository) {
    const rows = await tickets.list();
    const points = await pointsOfExistingQuestions(
      deps.db,
      rows.flatMap((row) => storedQuestionIds(row.question_ids)),
    );
    return { rows, points };
  }

  return {
    async generateTickets({ body, caller, query }) {
      const course = adminCourseOf(await deps.bank.snapshot(), query?.course_id);
      // The body is optional, so the contract's defaults apply only when one is sent.
      const questionsPerTicket = body?.questions_per_ticket ?? DEFAULT_QUESTIONS_PER_TICKET;
      const totalTickets = body?.total_tickets ?? DEFAULT_TOTAL_TICKETS;
      await generateTickets(deps, { questionsPerTicket, totalTickets }, course.course.id);
      await deps.audit.record(caller, {
        action: 'ticket.generate',
        tickets: totalTickets,
        per_ticket: questionsPerTicket,
        course: course.course.name,
      });
      return {
        message: 'Tickets generated successfully',
        total_tickets: totalTickets,
        questions_per_ticket: questionsPerTicket,
      };
    },

    async listTickets({ caller, query }) {
      const { rows, points } = await ticketsWithPoints(await ticketsOf(caller, query?.course_id));
      return rows.map((row) => toTicket(row, points));
    },

    async getTicketQuestions({ params, caller, query, request }) {
      const tickets = await ticketsOf(caller, query?.course_id);
      const ticket = await tickets.byNumber(params.ticket_number);
      if (!ticket) throw new NotFoundError(text('ticketNotFound'));
      const questions = await questionsByIds(deps.db, storedQuestionIds(ticket.question_ids));
      return {
        id: ticket.id,
        ticket_number: ticket.ticket_number,
        max_points: questions.reduce((sum, question) => sum + question.points, 0),
        questions: await inLearnersLanguage(
          request,
          requireCaller(caller),
          questions.map(toQuestion),
          {
            withOriginal: query?.with_original,
          },
        ),
      };
    },

    async deleteAllTickets({ caller, query }) {
      const course = adminCourseOf(await deps.bank.snapshot(), query?.course_id);
      const deleted = await createTicketsRepository(deps.db, course.course.id).deleteAll();
      await deps.audit.record(caller, {
        action: 'ticket.delete_all',
        count: deleted,
        course: course.course.name,
      });
      return { message: 'All tickets deleted successfully' };
    },

    async getTicketStats({ caller }) {
      const { rows, points } = await ticketsWithPoints(await ticketsOf(caller));
      return {
        total_tickets: rows.length,
        tickets_available: rows.filter((row) => isComplete(row, points)).length,
      };
    },

    async getTicketProgress({ caller }) {
      const { rows, points } = await ticketsWithPoints(await ticketsOf(caller));
      const sets = rows.map((row) => storedQuestionIds(row.question_ids));
      const progress = await progressOfSets(deps.db, requireCaller(caller).id, sets, points);
      return rows.map((row, at) => ({ ticket_number: row.ticket_number, ...progress[at]! }));
    },
  };
}
