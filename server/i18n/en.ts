import { countOf } from './plural';

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  ru: 'Russian',
  zh: 'Chinese',
  ko: 'Korean',
};
const languageName = (code: string) => LANGUAGE_NAMES[code] ?? code;

/**
 * Every fixed text the API sends in `{detail}` (and in a CSV refusal's line reasons), in
 * English. The other languages implement the same `Catalog`, so a missing or misnamed entry
 * fails the type check. Field names, ids, file contents and column names stay as they are.
 */
export const en = {
  // HTTP statuses the error handler words when nothing more specific is known.
  badRequest: 'Bad request',
  notAuthenticated: 'Not authenticated',
  forbidden: 'Forbidden',
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  notAcceptable: 'Not acceptable',
  requestTooLarge: 'Request body is too large',
  unsupportedContentType: 'Unsupported content type',
  tooManyRequests: 'Too many requests, try again later',
  tooManyRequestsFor: (p: { seconds: number }) =>
    `Too many requests, try again in ${countOf(p.seconds, 'second', 'seconds')}`,
  internalError: 'Internal server error',
  conflictsWithStored: 'This conflicts with data already stored',
  doesNotFitStorage: 'The data does not fit what can be stored',
  methodNotAllowedHere: (p: { method: string; allowed: string }) =>
    `${p.method} is not allowed here; use ${p.allowed}`,
  or: (p: { first: string; second: string }) => `${p.first} or ${p.second}`,
  databaseUnavailable: 'The database is unavailable; try again in a moment',
  databaseRefusesWrites:
    'The database answers but does not store anything (a full disk, or read-only)',
  limitsUnavailable: 'Attempts cannot be counted right now; try again in a moment',

  // The page before its script runs (http/spa-page.ts): a browser without JavaScript.
  noScript:
    "Theory Trainer needs JavaScript. Turn it on in your browser's settings, then reload this page.",

  // Access.
  invalidToken: 'Invalid or expired token',
  adminRequired: 'Administrator rights required',
  badCredentials: 'Incorrect username or password',
  accountDeactivated: 'This account is deactivated',
  registrationClosed: 'Registration is closed',
  passwordBlank: 'The password is only spaces',
  firstNameEmpty: 'The first name is empty',
  lastNameEmpty: 'The last name is empty',
  wrongCurrentPassword: 'The current password is incorrect',
  passwordUnchanged: 'The new password is the same as the current one',
  usernameTaken: 'This username is already taken',
  emailTaken: 'This e-mail is already taken',
  usernameAndEmailTaken: 'This username and this e-mail are already taken',

  // Users.
  userNotFound: 'User not found',
  cannotDemoteSelf: 'You cannot remove your own administrator rights or deactivate yourself',
  lastAdminDemoted: 'The last administrator cannot be demoted or deactivated',
  cannotDeleteSelf: 'You cannot delete your own account',
  lastAdminDeleted: 'The last administrator cannot be deleted',
  lastAdminCannotLeave:
    'You are the last active administrator: make someone else an administrator before deleting your account',
  wrongPasswordConfirmation: 'The password is incorrect',

  // Request bodies and uploads.
  jsonBodyExpected: 'This operation takes a JSON body (application/json)',
  bodyRequired: 'This operation needs a request body (application/json)',
  bodyTypeUnread: (p: { type: string }) => `The API does not read ${p.type} bodies`,
  mustNotContain: (p: { where: string; character: string }) =>
    `${p.where} must not contain ${p.character}`,
  nulCharacter: (p: { code: string }) => `the NUL character (${p.code})`,
  unpairedSurrogate: (p: { code: string }) => `an unpaired surrogate (${p.code})`,
  controlCharacter: (p: { code: string }) => `a control character (${p.code})`,
  fileTooLarge: (p: { megabytes: number }) => `The file is larger than ${p.megabytes} MB`,
  noFileUploaded: 'No file uploaded',
  notMultipart: 'The upload is not valid multipart/form-data',
  fileHoldsCharacter: (p: { character: string }) =>
    `The file holds ${p.character}; nothing was imported`,
  lineHoldsCharacter: (p: { character: string }) =>
    `This line holds ${p.character}, which cannot be stored; is it a text file?`,
  notImage: 'The file is not a PNG, JPEG, WebP or GIF image',
  damagedImage: (p: { format: string }) =>
    `The file starts like a ${p.format} image, but its header is damaged or cut short`,

  // CSV imports.
  uploadTooLarge: (p: { megabytes: number }) =>
    `The upload is larger than ${p.megabytes} MB in all; nothing was imported`,
  unsafePhotoName: (p: { name: string }) =>
    `The file name "${p.name}" cannot name a photo: it may hold any letters, digits, spaces and punctuation but / \\ : * ? " < > | and invisible characters, start with a letter, a digit or _, and have up to 128 characters; rename the file and upload it again`,
  topicsWouldShrink: (p: { count: number; topics: string }) =>
    p.count === 1
      ? `The file lists fewer questions for the topic ${p.topics} than it has; import it with replace to take them out`
      : `The file lists fewer questions for the topics ${p.topics} than they have; import it with replace to take them out`,
  photoNamesTaken: (p: { count: number; photos: string }) =>
    p.count === 1
      ? `A different photo named ${p.photos} is already stored; replace it to show the new one in every question using it`
      : `Different photos named ${p.photos} are already stored; replace them to show the new ones in every question using them`,
  notUtf8SaveAs: 'The file is not UTF-8 text; save it as "CSV UTF-8" and try again',
  notCsv: 'The file is not valid CSV; nothing was imported',
  malformedCsv: 'Malformed CSV',
  csvQuoteNotClosed:
    'The file ends inside a quoted cell: a quote that opens a cell is never closed (write "" for a quote inside a cell)',
  fileEmpty: 'The file is empty',
  noQuestionsInFile: 'The file has a header but no questions',
  badRows: (p: { count: number }) =>
    `The file has ${countOf(p.count, 'bad row', 'bad rows')}; nothing was imported`,
  topicsByRowsAlone:
    "question_rows names rows of a questions CSV, so it is read only beside one: import this file with its questions CSV in the Questions tab's import area, or name the questions by question_ids here",
  noTopicsHeader: 'The file has no name,question_ids header; nothing was imported',
  headerMustName: (p: { columns: string }) => `The header must name the columns ${p.columns}`,
  rowCellCount: (p: { found: number; expected: number }) =>
    `The row has ${countOf(p.found, 'cell', 'cells')} but the header has ${p.expected}; check the quotes and the delimiter`,
  cellUnderEmptyHeader: (p: { column: number; value: string }) =>
    `Column ${p.column} has no name in the header, but this row has "${p.value}" in it; name the column in the header or empty its cells`,
  nameUsedOnLine: (p: { name: string; line: number }) =>
    `The name "${p.name}" is already used on line ${p.line}`,
  unknownColumns: (p: { count: number; columns: string; expected: string }) =>
    `Unknown ${p.count === 1 ? 'column' : 'columns'} ${p.columns} in the header; expected ${p.expected}`,
  tooManyAnswerColumns: (p: { column: string }) =>
    `A question has at most 5 answers (answer_1 to answer_5), and this row fills "${p.column}": give it 5 answers or fewer (an empty ${p.column} column does no harm)`,
  repeatedColumn: (p: { column: string }) => `The column "${p.column}" appears twice in the header`,
  missingColumns: (p: { count: number; columns: string }) =>
    `The header lacks the required ${p.count === 1 ? 'column' : 'columns'} ${p.columns}`,
  pointsNotWhole: (p: { value: string; max: number }) =>
    `points must be a whole number from 1 to ${p.max} (got "${p.value}")`,
  ticketNumberInvalid: (p: { value: string; max: number }) =>
    `ticket must list ticket numbers from 1 to ${p.max}, separated by "|" (got "${p.value}")`,

  // Topics.
  packageNotAlone: 'Send a package (.zip) on its own, or a questions CSV with its photos',
  notZip: 'The file is not a readable zip archive; nothing was imported',
  packageTooLarge: (p: { megabytes: number }) =>
    `The package unpacks to more than ${p.megabytes} MB; nothing was imported`,
  noQuestionsCsv:
    'The package holds no questions CSV (a .csv file whose header names question_text); nothing was imported',
  manyQuestionsCsv: (p: { files: string }) =>
    `The package holds more than one questions CSV (${p.files}); send one; nothing was imported`,
  manyTopicsCsv: (p: { files: string }) =>
    `The package holds more than one topics CSV (${p.files}); send one; nothing was imported`,
  unknownCsv: (p: { files: string }) =>
    `${p.files}: neither a questions CSV (question_text, …) nor a topics CSV (name,question_rows); nothing was imported`,
  topicNameTooLong: (p: { name: string; max: number }) =>
    `The topic name "${p.name}" is longer than ${p.max} characters`,
  photoMissing: (p: { photo: string }) =>
    `The photo "${p.photo}" is neither in the package nor on the server`,
  photoNamedTwice: (p: { photo: string; paths: string }) =>
    `Two different photos are named "${p.photo}" in the package (${p.paths})`,
  photoTooLarge: (p: { photo: string; megabytes: number }) =>
    `The photo "${p.photo}" is larger than ${p.megabytes} MB`,
  photoKindRefused: (p: { photo: string }) =>
    `The photo "${p.photo}" is not of a kind the server takes: give it as a PNG, JPEG, WebP or GIF image, named so (.png, .jpg, .webp or .gif)`,
  photoNotImage: (p: { photo: string }) =>
    `The photo "${p.photo}" is not a PNG, JPEG, WebP or GIF image`,
  photoDamaged: (p: { photo: string; format: string }) =>
    `The photo "${p.photo}" starts like a ${p.format} image, but it is damaged or cut short`,
  questionRowsFormat:
    'question_rows must list rows of the questions CSV: numbers separated by commas, semicolons, spaces or |',
  questionRowsUnknown: (p: { rows: string; count: number }) =>
    `The questions CSV has ${countOf(p.count, 'question', 'questions')}; it has no row ${p.rows}`,
  nameEmpty: 'The name is empty',
  nameTooLong: (p: { max: number }) => `The name is longer than ${p.max} characters`,
  questionIdsFormat:
    'question_ids must be a JSON array or numbers separated by commas, semicolons, spaces or |',
  questionIdsEmpty: 'question_ids is empty: a topic needs at least one question',
  questionIdsUnknown: (p: { ids: string }) =>
    `This course has no questions with these ids: ${p.ids}`,
  topicNameTaken: 'A topic with this name already exists',
  topicNotFound: 'Topic not found',
  topicChanged:
    'Someone else changed this topic after you opened it; nothing was saved. Open it again to see their version.',

  // Questions.
  hostHeaderRequired: 'An HTTP/1.1 request must carry a Host header',
  expectationUnmet: (p: { expectation: string }) =>
    `The server cannot meet the expectation '${p.expectation}'`,
  timeAhead: (p: { field: string }) => `${p.field} lies in the future`,
  timeTooOld: (p: { field: string }) =>
    `${p.field} lies before the account existed or more than 90 days ago`,
  questionNotFound: 'Question not found',
  userChanged:
    'Someone else changed this user after you opened it; nothing was saved. Open it again to see their version.',
  settingChanged:
    'Someone else changed this setting after you opened it; nothing was saved. Open it again to see their version.',
  questionChanged:
    'Someone else changed this question after you opened it; nothing was saved. Open it again to see their version.',
  imageNotFound: 'Image not found',
  unknownPhoto: (p: { photo: string }) => `Unknown photo "${p.photo}"; upload the image first`,
  pageNotWhole: 'query/page must be a whole number',
  fieldEmpty: (p: { field: string }) => `${p.field} is empty`,
  fieldTooLong: (p: { field: string; max: number }) =>
    `${p.field} is longer than ${p.max} characters`,
  answerNeeded: (p: { field: string }) =>
    `${p.field} is empty; a question needs at least two answers`,
  answersInOrder: (p: { field: string; previous: string }) =>
    `${p.field} is filled but ${p.previous} is empty; fill the answers in order`,
  rightAnswersEmpty: 'right_answers is empty; give the numbers of the right answers, such as 1,3',
  rightAnswersFormat: (p: { value: string }) =>
    `right_answers must list answers by number from 1 to 5 or by letter from A to E, such as 1,3 or AC (got "${p.value}")`,
  rightAnswerEmpty: (p: { number: number }) =>
    `right_answers names answer ${p.number}, which is empty`,
  pointsRange: (p: { max: number }) => `points must be a whole number from 1 to ${p.max}`,
  photoName: (p: { photo: string }) =>
    `photo "${p.photo}" is not a photo's name: any letters, digits, spaces and punctuation but / \\ : * ? " < > | and invisible characters, starting with a letter, a digit or _, up to 128`,
  choicesBeyond: (p: { question: number; answers: number; named: string; count: number }) =>
    `question #${p.question} has ${p.answers} answers, not ${p.count === 1 ? 'answer' : 'answers'} ${p.named}`,
  choicesUnknown: (p: { problems: string }) =>
    `Choices name answers that do not exist: ${p.problems}`,
  andMore: (p: { shown: string; more: number }) => `${p.shown} and ${p.more} more`,

  // Exams, tickets and training.
  answeredTwice: (p: { ids: string }) =>
    `Each question may be answered once; ${p.ids} came more than once`,
  unknownQuestions: (p: { ids: string }) => `Unknown questions ${p.ids}`,
  resultNotFound: 'Result not found',
  resultOfAnother: 'This result belongs to another user',
  bankEmpty: 'The question bank has no questions yet',
  courseNotFound: 'Course not found',
  courseChanged:
    'Someone else changed this course after you opened it; nothing was saved. Open it again to see their version.',
  courseNameTaken: 'A course with this name already exists',
  courseIsDefault: 'The default course cannot be deleted',
  courseNotEmpty: (p: { name: string }) =>
    `This course holds questions, topics, tickets or results; to delete it with all of them, confirm with its name "${p.name}"`,
  coursePercentRange: 'A pass mark in percent is a whole number from 1 to 100',
  courseMistakesNotBelowCount: "The mistakes allowed must be fewer than the exam's questions",
  unknownCourse: 'There is no such course',

  // Translations (issue 42): `language` is a code (en, ru, zh, ko), named in each catalog's words.
  topicNameInCourseLanguage: (p: { language: string }) =>
    `The course's exam language is ${languageName(p.language)}: the topic's name is its name in it, not a translation`,
  topicNameTranslationTooLong: (p: { language: string; max: number }) =>
    `The topic's name in ${languageName(p.language)} is longer than ${p.max} characters`,
  translationInCourseLanguage: (p: { language: string }) =>
    `The course's questions are written in ${languageName(p.language)}: a question's own fields hold it, not a translation`,
  translationAnswers: (p: { language: string; expected: string; found: string }) =>
    `The ${languageName(p.language)} translation must fill exactly the question's answers ${p.expected} (it fills ${p.found})`,
  translationsOutdated: (p: { languages: string }) =>
    `The answers changed, so the translations into ${p.languages} no longer fit them; send the translations with the question`,
  noTranslationColumns:
    'The header names no translation columns (such as question_text@ru); nothing was imported',
  noTranslationsInFile: 'Every translation cell is blank; nothing was imported',
  questionIdNotNumber: (p: { value: string }) =>
    `question_id must be a question's number (got "${p.value}")`,
  questionNotInCourse: (p: { id: number }) => `This course has no question #${p.id}`,
  questionIdRepeated: (p: { id: number; line: number }) =>
    `Question #${p.id} is already on line ${p.line}`,
  courseHasTranslationsInto: (p: { language: string; count: number }) =>
    `${countOf(p.count, 'question', 'questions')} of this course have a translation into ${languageName(p.language)}; remove them before making it the course's language`,
  languageName: (p: { language: string }) => languageName(p.language),
  questionsOfOtherCourse: (p: { ids: string }) =>
    `These questions are not in your course: ${p.ids}`,
  examSessionNotFound: 'Exam session not found',
  examSessionRequired:
    'An exam is submitted with the session it was started in (session_id from POST /exams/sessions)',
  examSessionNotYours: (p: { id: number }) =>
    `Exam session #${p.id} is not one of your exam sessions`,
  questionsNotInSession: (p: { ids: string }) => `These questions are not in this exam: ${p.ids}`,
  extrasNotEarned: (p: { ids: string }) =>
    `These extra questions were not earned by this exam's mistakes: ${p.ids}`,
  answeredOutsideSession: (p: { ids: string }) =>
    `These answers are dated before the exam began or after now: ${p.ids}`,
  startOnlyForPrepared:
    'started_at is only for an exam in a prepared session; this session started when it was drawn',
  preparedStartRequired:
    'An exam in a prepared session is submitted with when it started (started_at)',
  startOutsidePrepared: 'The start is before this exam was prepared or after now',
  sessionAnsweredOtherwise:
    'This exam session already has a result with other answers; an exam is counted once',
  resultNotYours: (p: { id: number }) => `Result #${p.id} is not one of your results`,
  bankTooSmall: (p: { count: number; needed: number }) =>
    `The bank has ${countOf(p.count, 'question', 'questions')}; a ticket needs ${p.needed}`,
  ticketNotFound: 'Ticket not found',
  trainingSessionNotFound: 'Training session not found',
  answersOutsideSession: (p: { ids: string }) =>
    `These questions are not in the training session: ${p.ids}`,
  answerBeforeSession: 'This answer is dated before its training session began',
  correctExceedsAnswered: 'correct_answers cannot exceed questions_answered',
  answeredExceedsSession: (p: { count: number }) =>
    `questions_answered cannot exceed the session's ${countOf(p.count, 'question', 'questions')}`,
  unknownQuestionIds: (p: { ids: string }) => `Unknown question ids: ${p.ids}`,
  noQuestionsAvailable: 'No questions available',

  // Settings and maintenance.
  settingNotFound: 'Setting not found',
  settingKeyNotFound: (p: { key: string }) => `Setting ${p.key} not found`,
  settingKeyTaken: (p: { key: string }) => `A setting with the key ${p.key} already exists`,
  backupNotFound: 'Backup not found',
  dataType_string: 'string',
  dataType_number: 'number',
  dataType_boolean: 'boolean',
  dataType_json: 'JSON',
  invalidSetting: (p: { key: string; type: string; problem: string }) =>
    `Invalid value for ${p.key} (${p.type}): ${p.problem}`,
  settingOfType: (p: { key: string; type: string }) => `${p.key} is a ${p.type} setting`,
  notANumber: (p: { value: string }) => `'${p.value}' is not a number`,
  notABoolean: (p: { value: string }) => `'${p.value}' is not 'true' or 'false'`,
  notJson: (p: { value: string }) => `'${p.value}' is not valid JSON`,
  notInRange: (p: { value: string; min: number; max: number }) =>
    `'${p.value}' is not a whole number from ${p.min} to ${p.max}`,
  valueTooLong: (p: { length: number; max: number }) =>
    `the value has ${countOf(p.length, 'character', 'characters')}; at most ${p.max} are allowed`,
  notAnEmail: (p: { value: string }) => `'${p.value}' is not an e-mail address`,
  notANotice:
    'a maintenance notice must be {"enabled": true or false, "message": "text"}, optionally with "messages": {"en", "ru", "zh" or "ko": "text"}, and nothing else',
  noticeWithoutMessage: 'a notice that is shown needs a message',
  notDonationDetails:
    'donation details must be {"en", "ru", "zh" or "ko": "lines"}: a text per interface language, and nothing else',
  donationDetailsTooLong: (p: { length: number; max: number }) =>
    `the donation details have ${countOf(p.length, 'character', 'characters')} in one language; at most ${p.max} are allowed`,
  noticeTooLong: (p: { length: number; max: number }) =>
    `the message has ${countOf(p.length, 'character', 'characters')}; at most ${p.max} are allowed`,
  keyedProblem: (p: { key: string; problem: string }) => `${p.key}: ${p.problem}`,
  valueEmpty: 'the value is empty',
  backupWithoutAdmin:
    'The backup has no active administrator; restored, nobody could manage the app',
  backupRowsDoNotFit: (p: { reason: string }) =>
    `The backup's rows do not fit this database: ${p.reason}`,
  notABackup: (p: { reason: string }) => `Not a backup of this application: ${p.reason}`,
  tableMissing: (p: { table: string }) => `table ${p.table} is missing`,
  tableLacks: (p: { table: string; columns: string }) => `${p.table} lacks ${p.columns}`,
  notSqlite: 'the file is not an SQLite database',
  tableUnreadable: (p: { table: string }) => `table ${p.table} cannot be read`,
  tableDamaged: (p: { table: string }) => `table ${p.table} is damaged`,
  backupRowRefused: (p: { table: string; row: string; problem: string }) =>
    `The backup holds a row this app would refuse: ${p.table}, the row with ${p.row}: ${p.problem}`,
  backupCellDoesNotFit: (p: { cell: string; row: string; problem: string }) =>
    `The backup's rows do not fit this database: ${p.cell} of the row with ${p.row} ${p.problem}`,

  // Schema validation (http/validation-detail.ts): `subject` is a quoted field or a place.
  placeBody: 'The request body',
  placeQuery: 'The query',
  placePath: 'The path',
  placeHeaders: 'The headers',
  placeRequest: 'The request',
  typeString: 'text',
  typeInteger: 'a whole number',
  typeNumber: 'a number',
  typeBoolean: 'true or false',
  typeArray: 'a list',
  typeObject: 'an object',
  notValid: (p: { subject: string }) => `${p.subject} is not valid`,
  lacksField: (p: { subject: string; field: string }) =>
    `${p.subject} lacks the required field "${p.field}"`,
  objectLacksField: (p: { subject: string; field: string }) =>
    `The object ${p.subject} lacks the required field "${p.field}"`,
  unknownField: (p: { field: string; place: string }) =>
    `The field "${p.field}" is not known in ${p.place.charAt(0).toLowerCase()}${p.place.slice(1)}`,
  mustBeType: (p: { subject: string; type: string }) => `${p.subject} must be ${p.type}`,
  mustNotBeEmpty: (p: { subject: string }) => `${p.subject} must not be empty`,
  minLength: (p: { subject: string; limit: number }) =>
    `${p.subject} must be at least ${countOf(p.limit, 'character', 'characters')} long`,
  maxLength: (p: { subject: string; limit: number }) =>
    `${p.subject} must be at most ${countOf(p.limit, 'character', 'characters')} long`,
  minimum: (p: { subject: string; limit: number }) => `${p.subject} must be at least ${p.limit}`,
  maximum: (p: { subject: string; limit: number }) => `${p.subject} must be at most ${p.limit}`,
  exclusiveMinimum: (p: { subject: string; limit: number }) =>
    `${p.subject} must be more than ${p.limit}`,
  exclusiveMaximum: (p: { subject: string; limit: number }) =>
    `${p.subject} must be less than ${p.limit}`,
  minItems: (p: { subject: string; limit: number }) =>
    `${p.subject} must hold at least ${countOf(p.limit, 'item', 'items')}`,
  maxItems: (p: { subject: string; limit: number }) =>
    `${p.subject} must hold at most ${countOf(p.limit, 'item', 'items')}`,
  decimalInteger: (p: { subject: string }) =>
    `${p.subject} must be a whole number written in decimal digits`,
  uniqueItems: (p: { subject: string }) => `${p.subject} must not hold the same item twice`,
  oneOf: (p: { subject: string; values: string }) => `${p.subject} must be one of: ${p.values}`,
  pattern: (p: { subject: string; pattern: string }) =>
    `${p.subject} must match the pattern ${p.pattern}`,
  format: (p: { subject: string; format: string }) => `${p.subject} must be a valid ${p.format}`,
  // Ajv's own wording of a rule the cases above do not cover; it stays in English.
  otherRule: (p: { subject: string; message: string }) => `${p.subject} ${p.message}`,

  // What each built-in setting is for: its description (stored in English, as seeded) is shown
  // in the reader's language until an administrator writes another.
  aboutSiteName: 'Name shown in the header and titles',
  aboutSupportEmail: 'Support e-mail shown in the footer and help pages',
  aboutExamQuestionCount:
    'Questions in an exam of the default course (other courses: the Courses tab)',
  aboutExamTimeLimitSeconds:
    'Exam time limit in seconds of the default course (other courses: the Courses tab)',
  aboutExamPassPercent:
    'Percent of right answers needed to pass in the default course (other courses: the Courses tab)',
  aboutExpressQuestionCount: 'Questions in an express test',
  aboutExpressTimeLimitSeconds: 'Express test time limit in seconds',
  aboutMarathonQuestionCount: 'Questions in a marathon',
  aboutDailyChallengeSize: 'Questions in the daily challenge',
  aboutReadyThresholdPercent:
    'The pass probability (percent) a learner must keep for a few days to be called ready',
  aboutDailyGoal: 'Answers a day that count toward a learner’s streak',
  aboutRegistrationOpen: 'Whether visitors may register',
  aboutMaintenanceNotice: 'Banner shown to every user',
  aboutDonationDetails:
    'How to support the school, a text per interface language (a line each: label: details); none hides the donations page',
};

export type Catalog = typeof en;
