import { CONTENT_LANGUAGES, type ContentLanguage } from '../../../domain/question-languages';
import {
  readTopicNameColumn,
  readTopicTranslations,
  topicNameColumn,
  type TopicTranslations,
} from '../../../domain/topic-names';
import { csvFile } from '../../http/csv-cells';
import { ValidationError } from '../../http/errors';
import { readCsvRecords } from '../questions/questions.csv';
import { parseQuestionIds } from '../questions/questions.model';
import { MAX_TOPIC_NAME_LENGTH, topicNameProblemText, withoutRepeats } from './topics.model';
import { trimText } from '../../http/text-characters';
import { text, type Text } from '../../i18n/text';

/** A bad line of an uploaded file; the header is line 1. */
export interface CsvProblem {
  line: number;
  /** A string only for the CSV parser's own message, which stays in English. */
  reason: Text | string;
}

export interface TopicCsvRow {
  line: number;
  name: string;
  questionIds: number[];
  /** Its names in the `name@…` columns the file has, blank ones left out. */
  translations: TopicTranslations;
}

const HEADER = ['name', 'question_ids'] as const;

/** How a topics file names its questions: by id, or (in a bank package) by questions CSV row. */
export type TopicsNamedBy = 'question_ids' | 'question_rows';

export interface TopicsCsv {
  rows: TopicCsvRow[];
  /** The languages of its `name@…` columns: a row's blank cell there removes the topic's name. */
  languages: ContentLanguage[];
  problems: CsvProblem[];
  /** `question_rows`: each row's `questionIds` are 1-based questions of the package's CSV. */
  namedBy: TopicsNamedBy;
}

/**
 * Reads a topics file, shaped as every CSV import reads it (readCsvRecords: UTF-8, the
 * delimiter, Excel's `sep=` line, columns with no name); a `name@ru`-style column gives the
 * topic's name in that language, which may not be `courseLanguage`, the course's own.
 * File-level faults throw a ValidationError; faults of single rows come back as `problems`
 * so the caller can add its own (unknown question ids) and report them all at once. In a bank
 * package (`inPackage`) the file may name questions by row (`name,question_rows`), and a topic
 * may list none: the export writes a topic emptied by deleting all questions that way. Outside
 * one, a topic with no questions is written `[]` (as the topics export writes it); a blank cell
 * is refused.
 */
export function parseTopicsCsv(
  content: Buffer,
  {
    inPackage = false,
    courseLanguage,
  }: { inPackage?: boolean; courseLanguage: ContentLanguage | undefined },
): TopicsCsv {
  const read = readCsvRecords(content);
  if (!read.ok) throw new ValidationError(read.detail, { errors: read.errors });
  const { header } = read;
  const nameColumn = header.indexOf(HEADER[0]);
  const byRows = inPackage && header.includes('question_rows') && !header.includes(HEADER[1]);
  const namedBy: TopicsNamedBy = byRows ? 'question_rows' : 'question_ids';
  const idsColumn = header.indexOf(namedBy);
  if (nameColumn < 0 || idsColumn < 0) {
    // A package's topics file brought alone to the Topics tab: said where it belongs.
    const rowsAlone = !inPackage && header.includes('question_rows');
    throw new ValidationError(text('noTopicsHeader'), {
      errors: [
        {
          line: read.headerLine,
          reason: rowsAlone
            ? text('topicsByRowsAlone')
            : text('headerMustName', { columns: HEADER.join(', ') }),
        },
      ],
    });
  }

  const nameColumns = header.flatMap((column, at) => {
    const language = readTopicNameColumn(column);
    return language ? [{ language, at }] : [];
  });

  const rows: TopicCsvRow[] = [];
  const problems: CsvProblem[] = [...read.errors];
  const firstLineOfName = new Map<string, number>();
  for (const { line, cells } of read.rows) {
    const name = trimText(cells[nameColumn] ?? '');
    const idsCell = cells[idsColumn] ?? '';
    const questionIds = parseQuestionIds(idsCell);
    const translations = readTopicTranslations(
      Object.fromEntries(nameColumns.map(({ language, at }) => [language, cells[at] ?? ''])),
      courseLanguage,
    );
    if (name === '') {
      problems.push({ line, reason: text('nameEmpty') });
    } else if (name.length > MAX_TOPIC_NAME_LENGTH) {
      problems.push({
        line,
        reason: text('nameTooLong', { max: MAX_TOPIC_NAME_LENGTH }),
      });
    } else if (!translations.ok) {
      problems.push({ line, reason: topicNameProblemText(translations.problem) });
    } else if (!questionIds) {
      problems.push({
        line,
        reason: text(byRows ? 'questionRowsFormat' : 'questionIdsFormat'),
      });
    } else if (questionIds.length === 0 && !inPackage && idsCell.trim() === '') {
      // As the topic form: a topic without questions would offer learners nothing to train on.
      // An empty list (`[]`) is the export's own writing of a topic whose questions were all
      // deleted, and comes back as it went out.
      problems.push({ line, reason: text('questionIdsEmpty') });
    } else {
      const key = name.toLowerCase();
      const earlier = firstLineOfName.get(key);
      if (earlier !== undefined) {
        problems.push({ line, reason: text('nameUsedOnLine', { name, line: earlier }) });
      } else {
        firstLineOfName.set(key, line);
        rows.push({
          line,
          name,
          questionIds: withoutRepeats(questionIds),
          translations: translations.translations,
        });
      }
    }
  }
  return { rows, problems, namedBy, languages: nameColumns.map(({ language }) => language) };
}

/**
 * The topics as a CSV file a spreadsheet opens safely: BOM, CRLF, formula cells escaped; a
 * `name@…` column for each language a topic's name is translated into. `questions` is the
 * cell naming its questions as `namedBy` says (by id, or in a bank package by row).
 */
export function formatTopicsCsv(
  topics: readonly { name: string; questions: string; translations: TopicTranslations }[],
  namedBy: TopicsNamedBy = 'question_ids',
): string {
  const languages = translatedLanguages(topics);
  return csvFile([
    [HEADER[0], namedBy, ...languages.map(topicNameColumn)],
    ...topics.map((topic) => [
      topic.name,
      topic.questions,
      ...languages.map((language) => topic.translations[language] ?? ''),
    ]),
  ]);
}

/** The languages any of `topics` has a name in, in the order lists show them. */
function translatedLanguages(
  topics: readonly { translations: TopicTranslations }[],
): ContentLanguage[] {
  return CONTENT_LANGUAGES.filter((language) =>
    topics.some((topic) => topic.translations[language] !== undefined),
  );
}
