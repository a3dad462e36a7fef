/**
 * What the audit log records: each action with the values its entry is made of. The server
 * words an entry in English (`summary`); the values are kept with it, so the admin panel can
 * word it in the reader's language from the same facts.
 */
export type AuditEvent =
  | { action: 'user.create' | 'user.update' | 'user.delete'; username: string }
  | {
      action:
        | 'user.promote'
        | 'user.demote'
        | 'user.deactivate'
        | 'user.activate'
        | 'user.password_reset';
      username: string;
    }
  | { action: 'topic.create' | 'topic.update' | 'topic.delete'; name: string }
  | { action: 'course.create' | 'course.update' | 'course.delete'; name: string }
  | { action: 'topic.delete_all' | 'topic.import'; count: number; course: string }
  | { action: 'setting.create' | 'setting.update' | 'setting.delete'; key: string }
  | { action: 'setting.bulk_update'; keys: string }
  | { action: 'setting.initialize_defaults' | 'maintenance.clear_cache'; count: number }
  | { action: 'maintenance.backup'; filename: string }
  | { action: 'maintenance.restore'; rows: number; filename: string }
  | { action: 'maintenance.export_data' }
  | {
      action: 'exam.submit';
      username: string;
      exam_type: string;
      passed: boolean;
      score: number;
      /** The learner's course, by its name then. */
      course: string;
      /** An exam of a course that passes by its mistakes (the result's `mistakes`), not a percent. */
      mistakes?: number;
      /** An exam of a course that passes by points: `score` is the main part's share of them. */
      by_points?: true;
      /** Failed by a mistake among the extra questions (the main part's figure passed). */
      extra_mistake?: true;
    }
  | { action: 'question.create' | 'question.update' | 'question.delete'; id: number }
  | ({
      action: 'question.import';
      count: number;
      skipped: number;
      filename: string;
      course: string;
    } & ImportExtras)
  | ({
      action: 'question.import_package';
      count: number;
      skipped: number;
      photos: number;
      topics: number;
      filename: string;
      course: string;
    } & ImportExtras)
  | {
      action: 'question.import_translations';
      count: number;
      translations: number;
      filename: string;
      course: string;
    }
  | { action: 'question.image_upload' | 'question.image_replace'; filename: string }
  | { action: 'question.delete_all'; count: number; course: string }
  | { action: 'ticket.generate'; tickets: number; per_ticket: number; course: string }
  | { action: 'ticket.delete_all'; count: number; course: string };

/**
 * What an import did beside adding rows, kept only when it did it (entries of other imports,
 * and older ones, read as before): questions a new edition updated in place, official tickets
 * the file's ticket column made.
 */
interface ImportExtras {
  updated?: number;
  tickets?: number;
}

/** An import's rows left out as copies of questions the bank holds, when there were any. */
const skippedText = (skipped: number) =>
  skipped > 0 ? `; ${skipped} already in the bank skipped` : '';

const extrasText = ({ updated, tickets }: ImportExtras) =>
  (updated ? `; ${updated} updated in place` : '') +
  (tickets ? `; ${tickets} tickets from the file` : '');

/** The entry as the log shows it in English. */
export function summarize(event: AuditEvent): string {
  switch (event.action) {
    case 'user.create':
      return `Created user ${event.username}`;
    case 'user.update':
      return `Updated user ${event.username}`;
    case 'user.delete':
      return `Deleted user ${event.username}`;
    case 'user.promote':
      return `Made ${event.username} an administrator`;
    case 'user.demote':
      return `${event.username} is no longer an administrator`;
    case 'user.deactivate':
      return `Deactivated user ${event.username}`;
    case 'user.activate':
      return `Reactivated user ${event.username}`;
    case 'user.password_reset':
      return `Reset the password of ${event.username}`;
    case 'course.create':
      return `Created course ${event.name}`;
    case 'course.update':
      return `Updated course ${event.name}`;
    case 'course.delete':
      return `Deleted course ${event.name}`;
    case 'topic.create':
      return `Created topic ${event.name}`;
    case 'topic.update':
      return `Updated topic ${event.name}`;
    case 'topic.delete':
      return `Deleted topic ${event.name}`;
    case 'topic.delete_all':
      return `Deleted all ${event.count} topics`;
    case 'topic.import':
      return `Imported ${event.count} topics from CSV`;
    case 'setting.create':
      return `Created setting ${event.key}`;
    case 'setting.update':
      return `Updated setting ${event.key}`;
    case 'setting.delete':
      return `Deleted setting ${event.key}`;
    case 'setting.bulk_update':
      return `Updated settings ${event.keys}`;
    case 'setting.initialize_defaults':
      return `Created ${event.count} default settings`;
    case 'maintenance.clear_cache':
      return `Cleared ${event.count} cache entries`;
    case 'maintenance.backup':
      return `Backed up the database to ${event.filename}`;
    case 'maintenance.restore':
      return `Restored ${event.rows} rows from ${event.filename}`;
    case 'maintenance.export_data':
      return 'Exported the data as JSON';
    case 'exam.submit':
      if (event.exam_type !== 'exam')
        return `${event.username} finished a training run with ${event.score}%`;
      if (event.extra_mistake)
        return `${event.username} failed an exam by a mistake among the extra questions`;
      return `${event.username} ${event.passed ? 'passed' : 'failed'} an exam with ${
        event.mistakes !== undefined
          ? `${event.mistakes} ${event.mistakes === 1 ? 'mistake' : 'mistakes'}`
          : event.by_points
            ? `${event.score}% of the points`
            : `${event.score}%`
      }`;
    case 'question.create':
      return `Created question #${event.id}`;
    case 'question.update':
      return `Updated question #${event.id}`;
    case 'question.delete':
      return `Deleted question #${event.id}`;
    case 'question.import':
      return `Imported ${event.count} questions from ${event.filename || 'a CSV file'}${skippedText(event.skipped)}${extrasText(event)}`;
    case 'question.import_package':
      return `Imported from ${event.filename || 'a bank package'}: questions ${event.count}, photos ${event.photos}, topics ${event.topics}${skippedText(event.skipped)}${extrasText(event)}`;
    case 'question.import_translations':
      return `Imported ${event.translations} translations of ${event.count} questions from ${event.filename || 'a CSV file'}`;
    case 'question.image_upload':
      return `Uploaded image ${event.filename}`;
    case 'question.image_replace':
      return `Replaced image ${event.filename}; every question using it shows the new one`;
    case 'question.delete_all':
      return `Deleted all ${event.count} questions, the tickets and the topics' question lists`;
    case 'ticket.generate':
      return `Generated ${event.tickets} tickets of ${event.per_ticket} questions`;
    case 'ticket.delete_all':
      return `Deleted all ${event.count} tickets`;
  }
}

/** The values of the entry, without its action, as kept in `audit_log.details`. */
export function detailsOf(event: AuditEvent): Record<string, string | number | boolean> {
  const { action: _action, ...details } = event;
  return details;
}
