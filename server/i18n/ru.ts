import type { Catalog } from './en';
import { russianCountOf } from './plural';

const rows = (n: number) =>
  russianCountOf(n, 'ошибочная строка', 'ошибочные строки', 'ошибочных строк');
const cells = (n: number) => russianCountOf(n, 'ячейка', 'ячейки', 'ячеек');
const questions = (n: number) => russianCountOf(n, 'вопрос', 'вопроса', 'вопросов');
const characters = (n: number) => russianCountOf(n, 'символ', 'символа', 'символов');
const charactersGenitive = (n: number) => russianCountOf(n, 'символа', 'символов', 'символов');
const itemsGenitive = (n: number) => russianCountOf(n, 'элемента', 'элементов', 'элементов');
const answers = (n: number) =>
  russianCountOf(n, 'вариант ответа', 'варианта ответа', 'вариантов ответа');

// «Перевод на русский», «написаны на корейском»: винительный и предложный падежи.
const LANGUAGE_TO: Record<string, string> = {
  en: 'английский',
  ru: 'русский',
  zh: 'китайский',
  ko: 'корейский',
};
const LANGUAGE_IN: Record<string, string> = {
  en: 'английском',
  ru: 'русском',
  zh: 'китайском',
  ko: 'корейском',
};

/** The API's texts in Russian. */
export const ru: Catalog = {
  badRequest: 'Некорректный запрос',
  notAuthenticated: 'Требуется вход в систему',
  forbidden: 'Доступ запрещён',
  notFound: 'Не найдено',
  methodNotAllowed: 'Метод не разрешён',
  notAcceptable: 'Недопустимый формат ответа',
  requestTooLarge: 'Тело запроса слишком большое',
  unsupportedContentType: 'Неподдерживаемый тип содержимого',
  tooManyRequests: 'Слишком много запросов, попробуйте позже',
  tooManyRequestsFor: (p) =>
    `Слишком много запросов, попробуйте через ${russianCountOf(p.seconds, 'секунду', 'секунды', 'секунд')}`,
  internalError: 'Внутренняя ошибка сервера',
  conflictsWithStored: 'Это противоречит уже сохранённым данным',
  doesNotFitStorage: 'Данные не удаётся сохранить в базе',
  methodNotAllowedHere: (p) => `Метод ${p.method} здесь не разрешён; используйте ${p.allowed}`,
  or: (p) => `${p.first} или ${p.second}`,
  databaseUnavailable: 'База данных недоступна, попробуйте чуть позже',
  databaseRefusesWrites:
    'База данных отвечает, но ничего не сохраняет (диск заполнен или она только для чтения)',
  limitsUnavailable: 'Сейчас не удаётся учесть попытку, попробуйте чуть позже',

  invalidToken: 'Сеанс недействителен или истёк',
  adminRequired: 'Нужны права администратора',
  badCredentials: 'Неверное имя пользователя или пароль',
  accountDeactivated: 'Эта учётная запись отключена',
  registrationClosed: 'Регистрация закрыта',
  passwordBlank: 'Пароль состоит только из пробелов',
  firstNameEmpty: 'Имя не заполнено',
  lastNameEmpty: 'Фамилия не заполнена',
  wrongCurrentPassword: 'Текущий пароль указан неверно',
  passwordUnchanged: 'Новый пароль совпадает с текущим',
  usernameTaken: 'Это имя пользователя уже занято',
  emailTaken: 'Этот адрес электронной почты уже занят',
  usernameAndEmailTaken: 'Это имя пользователя и этот адрес электронной почты уже заняты',

  userNotFound: 'Пользователь не найден',
  cannotDemoteSelf: 'Нельзя снять с себя права администратора или отключить свою учётную запись',
  lastAdminDemoted: 'Последнего администратора нельзя лишить прав или отключить',
  cannotDeleteSelf: 'Нельзя удалить собственную учётную запись',
  lastAdminDeleted: 'Последнего администратора нельзя удалить',
  lastAdminCannotLeave:
    'Вы последний активный администратор: назначьте администратором кого-то ещё, прежде чем удалять свою учётную запись',
  wrongPasswordConfirmation: 'Пароль указан неверно',

  jsonBodyExpected: 'Эта операция принимает тело в формате JSON (application/json)',
  bodyRequired: 'Этой операции нужно тело запроса (application/json)',
  bodyTypeUnread: (p) => `API не принимает тело запроса типа ${p.type}`,
  mustNotContain: (p) => `${p.where}: недопустимый символ — ${p.character}`,
  nulCharacter: (p) => `нулевой символ (${p.code})`,
  unpairedSurrogate: (p) => `непарный суррогатный символ (${p.code})`,
  controlCharacter: (p) => `управляющий символ (${p.code})`,
  fileTooLarge: (p) => `Файл больше ${p.megabytes} МБ`,
  noFileUploaded: 'Файл не загружен',
  notMultipart: 'Загрузка не является корректными данными multipart/form-data',
  fileHoldsCharacter: (p) => `В файле есть ${p.character}; ничего не импортировано`,
  lineHoldsCharacter: (p) =>
    `В этой строке есть ${p.character}, его нельзя сохранить; это точно текстовый файл?`,
  notImage: 'Файл не является изображением PNG, JPEG, WebP или GIF',
  damagedImage: (p) =>
    `Файл начинается как изображение ${p.format}, но его заголовок повреждён или обрезан`,

  uploadTooLarge: (p) => `Загрузка больше ${p.megabytes} МБ в сумме; ничего не импортировано`,
  unsafePhotoName: (p) =>
    `Имя файла «${p.name}» не годится для фото: в нём могут быть любые буквы, цифры, пробелы и знаки, кроме / \\ : * ? " < > | и невидимых символов, первый знак — буква, цифра или _, всего до 128 знаков; переименуйте файл и загрузите его снова`,
  topicsWouldShrink: (p) =>
    `В файле у тем ${p.topics} меньше вопросов, чем сейчас; чтобы убрать лишние, импортируйте его с заменой`,
  photoNamesTaken: (p) =>
    p.count === 1
      ? `Другое фото с именем ${p.photos} уже есть на сервере; замените его, чтобы новое появилось во всех вопросах с ним`
      : `Другие фото с именами ${p.photos} уже есть на сервере; замените их, чтобы новые появились во всех вопросах с ними`,
  notUtf8SaveAs: 'Файл не в кодировке UTF-8; сохраните его как «CSV UTF-8» и попробуйте снова',
  notCsv: 'Файл не является корректным CSV; ничего не импортировано',
  malformedCsv: 'Некорректный CSV',
  csvQuoteNotClosed:
    'Файл заканчивается внутри ячейки в кавычках: открывающая кавычка ячейки не закрыта (кавычку внутри ячейки пишите как "")',
  fileEmpty: 'Файл пуст',
  noQuestionsInFile: 'В файле есть заголовок, но нет вопросов',
  badRows: (p) => `В файле ${rows(p.count)}; ничего не импортировано`,
  topicsByRowsAlone:
    'question_rows называет строки CSV с вопросами и читается только вместе с ним: импортируйте этот файл вместе с CSV вопросов на вкладке «Вопросы» или укажите здесь вопросы столбцом question_ids',
  noTopicsHeader: 'В файле нет заголовка name,question_ids; ничего не импортировано',
  headerMustName: (p) => `В заголовке должны быть столбцы ${p.columns}`,
  rowCellCount: (p) =>
    `В строке ${cells(p.found)}, а в заголовке ${p.expected}; проверьте кавычки и разделитель`,
  cellUnderEmptyHeader: (p) =>
    `У столбца ${p.column} нет названия в заголовке, но в этой строке в нём «${p.value}»; назовите столбец в заголовке или очистите его ячейки`,
  nameUsedOnLine: (p) => `Название «${p.name}» уже встречается в строке ${p.line}`,
  unknownColumns: (p) => `Неизвестные столбцы в заголовке: ${p.columns}; ожидаются ${p.expected}`,
  tooManyAnswerColumns: (p) =>
    `У вопроса не больше 5 ответов (answer_1–answer_5), а в этой строке заполнен «${p.column}»: оставьте не больше 5 ответов (пустой столбец ${p.column} не мешает)`,
  repeatedColumn: (p) => `Столбец «${p.column}» повторяется в заголовке`,
  missingColumns: (p) => `В заголовке нет обязательных столбцов: ${p.columns}`,
  pointsNotWhole: (p) => `points должно быть целым числом от 1 до ${p.max} (получено «${p.value}»)`,
  ticketNumberInvalid: (p) =>
    `В ticket должны быть номера билетов от 1 до ${p.max} через «|» (получено «${p.value}»)`,

  packageNotAlone: 'Отправьте пакет (.zip) отдельно либо CSV с вопросами вместе с его фото',
  notZip: 'Файл не читается как zip-архив; ничего не импортировано',
  packageTooLarge: (p) =>
    `Пакет распаковывается больше чем в ${p.megabytes} МБ; ничего не импортировано`,
  noQuestionsCsv:
    'В пакете нет CSV с вопросами (файла .csv, в заголовке которого есть question_text); ничего не импортировано',
  manyQuestionsCsv: (p) =>
    `В пакете несколько CSV с вопросами (${p.files}); оставьте один; ничего не импортировано`,
  manyTopicsCsv: (p) =>
    `В пакете несколько CSV с темами (${p.files}); оставьте один; ничего не импортировано`,
  unknownCsv: (p) =>
    `${p.files}: это ни CSV с вопросами (question_text, …), ни CSV с темами (name,question_rows); ничего не импортировано`,
  topicNameTooLong: (p) => `Название темы «${p.name}» длиннее ${p.max} символов`,
  photoMissing: (p) => `Фото «${p.photo}» нет ни в пакете, ни на сервере`,
  photoNamedTwice: (p) => `В пакете два разных фото с именем «${p.photo}» (${p.paths})`,
  photoTooLarge: (p) => `Фото «${p.photo}» больше ${p.megabytes} МБ`,
  photoKindRefused: (p) =>
    `Фото «${p.photo}» — не того вида, что принимает сервер: нужно изображение PNG, JPEG, WebP или GIF с таким расширением (.png, .jpg, .webp или .gif)`,
  photoNotImage: (p) => `Фото «${p.photo}» — не изображение PNG, JPEG, WebP или GIF`,
  photoDamaged: (p) =>
    `Фото «${p.photo}» начинается как изображение ${p.format}, но повреждено или обрезано`,
  questionRowsFormat:
    'question_rows — это номера строк CSV с вопросами через запятую, точку с запятой, пробел или |',
  questionRowsUnknown: (p) =>
    `В CSV с вопросами ${russianCountOf(p.count, 'вопрос', 'вопроса', 'вопросов')}; строки ${p.rows} в нём нет`,
  nameEmpty: 'Название не заполнено',
  nameTooLong: (p) => `Название длиннее ${charactersGenitive(p.max)}`,
  questionIdsFormat:
    'question_ids должно быть массивом JSON или числами через запятую, точку с запятой, пробел или |',
  questionIdsEmpty: 'question_ids пусто: в теме должен быть хотя бы один вопрос',
  questionIdsUnknown: (p) => `В этом курсе нет вопросов с такими номерами: ${p.ids}`,
  topicNameTaken: 'Тема с таким названием уже существует',
  topicNotFound: 'Тема не найдена',
  topicChanged:
    'Кто-то другой изменил эту тему после того, как вы её открыли; ничего не сохранено. Откройте её снова, чтобы увидеть его версию.',

  noScript:
    'Для работы Theory Trainer нужен JavaScript. Включите его в настройках браузера и перезагрузите эту страницу.',
  hostHeaderRequired: 'Запрос HTTP/1.1 должен содержать заголовок Host',
  expectationUnmet: (p: { expectation: string }) =>
    `Сервер не может выполнить ожидание '${p.expectation}'`,
  timeAhead: (p: { field: string }) => `${p.field} указывает на будущее`,
  timeTooOld: (p: { field: string }) =>
    `${p.field} раньше создания аккаунта или больше 90 дней назад`,
  questionNotFound: 'Вопрос не найден',
  userChanged:
    'Кто-то другой изменил этого пользователя после того, как вы его открыли; ничего не сохранено. Откройте его снова, чтобы увидеть его версию.',
  settingChanged:
    'Кто-то другой изменил эту настройку после того, как вы её открыли; ничего не сохранено. Откройте её снова, чтобы увидеть его версию.',
  questionChanged:
    'Кто-то другой изменил этот вопрос после того, как вы его открыли; ничего не сохранено. Откройте его снова, чтобы увидеть его версию.',
  imageNotFound: 'Изображение не найдено',
  unknownPhoto: (p) => `Неизвестное фото «${p.photo}»; сначала загрузите изображение`,
  pageNotWhole: 'query/page должно быть целым числом',
  fieldEmpty: (p) => `${p.field} не заполнено`,
  fieldTooLong: (p) => `${p.field} длиннее ${charactersGenitive(p.max)}`,
  answerNeeded: (p) => `${p.field} не заполнено; у вопроса должно быть хотя бы два ответа`,
  answersInOrder: (p) =>
    `${p.field} заполнено, а ${p.previous} пусто; заполняйте ответы по порядку`,
  rightAnswersEmpty: 'right_answers не заполнено; укажите номера правильных ответов, например 1,3',
  rightAnswersFormat: (p) =>
    `right_answers должно перечислять ответы номерами от 1 до 5 или латинскими буквами от A до E, например 1,3 или AC (получено «${p.value}»)`,
  rightAnswerEmpty: (p) => `right_answers называет ответ ${p.number}, но он пуст`,
  pointsRange: (p) => `points должно быть целым числом от 1 до ${p.max}`,
  photoName: (p) =>
    `photo «${p.photo}» — не имя фото: допустимы любые буквы, цифры, пробелы и знаки, кроме / \\ : * ? " < > | и невидимых символов, до 128 знаков, в начале буква, цифра или _`,
  choicesBeyond: (p) => `у вопроса №${p.question} ${answers(p.answers)}, а не ${p.named}`,
  choicesUnknown: (p) => `Выбраны несуществующие ответы: ${p.problems}`,
  andMore: (p) => `${p.shown} и ещё ${p.more}`,

  answeredTwice: (p) => `На каждый вопрос можно ответить один раз; повторились ${p.ids}`,
  unknownQuestions: (p) => `Неизвестные вопросы ${p.ids}`,
  resultNotFound: 'Результат не найден',
  resultOfAnother: 'Этот результат принадлежит другому пользователю',
  bankEmpty: 'В банке пока нет вопросов',
  courseNotFound: 'Курс не найден',
  courseChanged:
    'Кто-то другой изменил этот курс после того, как вы его открыли; ничего не сохранено. Откройте курс снова, чтобы увидеть его версию.',
  courseNameTaken: 'Курс с таким названием уже существует',
  courseIsDefault: 'Основной курс удалить нельзя',
  courseNotEmpty: (p: { name: string }) =>
    `В курсе есть вопросы, темы, билеты или результаты; чтобы удалить его вместе с ними, подтвердите его названием «${p.name}»`,
  coursePercentRange: 'Проходной порог в процентах — целое число от 1 до 100',
  courseMistakesNotBelowCount: 'Допустимых ошибок должно быть меньше, чем вопросов в экзамене',
  unknownCourse: 'Такого курса нет',

  topicNameInCourseLanguage: (p) =>
    `Язык экзамена курса — ${LANGUAGE_TO[p.language] ?? p.language}: название темы на нём и есть её название, а не перевод`,
  topicNameTranslationTooLong: (p) =>
    `Название темы на ${LANGUAGE_IN[p.language] ?? p.language} языке длиннее ${charactersGenitive(p.max)}`,
  translationInCourseLanguage: (p) =>
    `Вопросы курса написаны на ${LANGUAGE_IN[p.language] ?? p.language}: этот текст хранится в полях самого вопроса, а не в переводе`,
  translationAnswers: (p) =>
    `Перевод на ${LANGUAGE_TO[p.language] ?? p.language} должен заполнять ровно те ответы, что есть у вопроса: ${p.expected} (заполнены: ${p.found})`,
  translationsOutdated: (p) =>
    `Ответы изменились, и переводы (${p.languages}) им больше не соответствуют; отправьте переводы вместе с вопросом`,
  noTranslationColumns:
    'В заголовке нет столбцов перевода (например, question_text@ru); ничего не импортировано',
  noTranslationsInFile: 'Все ячейки перевода пусты; ничего не импортировано',
  questionIdNotNumber: (p) => `question_id должен быть номером вопроса (получено «${p.value}»)`,
  questionNotInCourse: (p) => `В этом курсе нет вопроса №${p.id}`,
  questionIdRepeated: (p) => `Вопрос №${p.id} уже есть в строке ${p.line}`,
  courseHasTranslationsInto: (p) =>
    `У ${russianCountOf(p.count, 'вопроса', 'вопросов', 'вопросов')} этого курса есть перевод на ${LANGUAGE_TO[p.language] ?? p.language}; удалите эти переводы, прежде чем делать его языком курса`,
  languageName: (p) => LANGUAGE_TO[p.language] ?? p.language,
  questionsOfOtherCourse: (p: { ids: string }) => `Этих вопросов нет в вашем курсе: ${p.ids}`,
  examSessionNotFound: 'Сеанс экзамена не найден',
  examSessionRequired:
    'Экзамен отправляется с сеансом, в котором он начат (session_id из POST /exams/sessions)',
  examSessionNotYours: (p) => `Сеанс экзамена №${p.id} не относится к вашим сеансам экзамена`,
  questionsNotInSession: (p) => `Этих вопросов нет в этом экзамене: ${p.ids}`,
  extrasNotEarned: (p) =>
    `Эти дополнительные вопросы не назначены за ошибки этого экзамена: ${p.ids}`,
  answeredOutsideSession: (p) =>
    `Эти ответы датированы до начала экзамена или позже текущего времени: ${p.ids}`,
  startOnlyForPrepared:
    'started_at указывается только для экзамена в подготовленном сеансе; этот сеанс начался, когда его составили',
  preparedStartRequired:
    'Экзамен в подготовленном сеансе отправляется со временем его начала (started_at)',
  startOutsidePrepared: 'Время начала раньше подготовки этого экзамена или позже текущего времени',
  sessionAnsweredOtherwise:
    'У этого сеанса экзамена уже есть результат с другими ответами; экзамен засчитывается один раз',
  resultNotYours: (p) => `Результат №${p.id} не относится к вашим результатам`,
  bankTooSmall: (p) => `В банке ${questions(p.count)}, а для билета нужно ${p.needed}`,
  ticketNotFound: 'Билет не найден',
  trainingSessionNotFound: 'Тренировка не найдена',
  answersOutsideSession: (p) => `Этих вопросов нет в тренировке: ${p.ids}`,
  answerBeforeSession: 'Ответ датирован временем до начала его тренировки',
  correctExceedsAnswered: 'correct_answers не может превышать questions_answered',
  answeredExceedsSession: (p) =>
    `questions_answered не может превышать число вопросов тренировки (${p.count})`,
  unknownQuestionIds: (p) => `Неизвестные номера вопросов: ${p.ids}`,
  noQuestionsAvailable: 'Нет доступных вопросов',

  settingNotFound: 'Настройка не найдена',
  settingKeyNotFound: (p) => `Настройка ${p.key} не найдена`,
  settingKeyTaken: (p) => `Настройка с ключом ${p.key} уже существует`,
  backupNotFound: 'Резервная копия не найдена',
  dataType_string: 'строка',
  dataType_number: 'число',
  dataType_boolean: 'логический',
  dataType_json: 'JSON',
  invalidSetting: (p) => `Недопустимое значение для ${p.key} (${p.type}): ${p.problem}`,
  settingOfType: (p) => `${p.key} — настройка типа ${p.type}`,
  notANumber: (p) => `«${p.value}» — не число`,
  notABoolean: (p) => `«${p.value}» — не 'true' и не 'false'`,
  notJson: (p) => `«${p.value}» — некорректный JSON`,
  notInRange: (p) => `«${p.value}» — не целое число от ${p.min} до ${p.max}`,
  valueTooLong: (p) => `в значении ${characters(p.length)}, допускается не больше ${p.max}`,
  notAnEmail: (p) => `«${p.value}» — не адрес электронной почты`,
  notANotice:
    'объявление о техработах должно иметь вид {"enabled": true или false, "message": "текст"}, можно с "messages": {"en", "ru", "zh" или "ko": "текст"}, без других полей',
  noticeWithoutMessage: 'у показываемого объявления должен быть текст',
  notDonationDetails:
    'реквизиты для пожертвований должны иметь вид {"en", "ru", "zh" или "ko": "строки"}: текст на каждом языке интерфейса, без других полей',
  donationDetailsTooLong: (p) =>
    `в реквизитах на одном языке ${p.length} симв.; допускается не больше ${p.max}`,
  noticeTooLong: (p) =>
    `в тексте объявления ${characters(p.length)}, допускается не больше ${p.max}`,
  keyedProblem: (p) => `${p.key}: ${p.problem}`,
  valueEmpty: 'значение не заполнено',
  backupWithoutAdmin:
    'В резервной копии нет активного администратора; после восстановления никто не сможет управлять приложением',
  backupRowsDoNotFit: (p) => `Строки резервной копии не подходят к этой базе данных: ${p.reason}`,
  notABackup: (p) => `Это не резервная копия этого приложения: ${p.reason}`,
  tableMissing: (p) => `нет таблицы ${p.table}`,
  tableLacks: (p) => `в ${p.table} нет столбцов ${p.columns}`,
  notSqlite: 'файл не является базой данных SQLite',
  tableUnreadable: (p) => `таблицу ${p.table} не удаётся прочитать`,
  tableDamaged: (p) => `таблица ${p.table} повреждена`,
  backupRowRefused: (p) =>
    `В резервной копии есть строка, которую приложение не примет: ${p.table}, строка с ${p.row}: ${p.problem}`,
  backupCellDoesNotFit: (p) =>
    `Строки резервной копии не подходят к этой базе данных: ${p.cell} в строке с ${p.row}: ${p.problem}`,

  placeBody: 'Тело запроса',
  placeQuery: 'Параметры запроса',
  placePath: 'Путь',
  placeHeaders: 'Заголовки',
  placeRequest: 'Запрос',
  typeString: 'текстом',
  typeInteger: 'целым числом',
  typeNumber: 'числом',
  typeBoolean: 'true или false',
  typeArray: 'списком',
  typeObject: 'объектом',
  notValid: (p) => `${p.subject}: недопустимое значение`,
  lacksField: (p) => `${p.subject}: нет обязательного поля «${p.field}»`,
  objectLacksField: (p) => `${p.subject}: нет обязательного поля «${p.field}»`,
  unknownField: (p) => `${p.place}: неизвестное поле «${p.field}»`,
  mustBeType: (p) => `${p.subject}: значение должно быть ${p.type}`,
  mustNotBeEmpty: (p) => `${p.subject}: значение не должно быть пустым`,
  minLength: (p) => `${p.subject}: нужно не меньше ${charactersGenitive(p.limit)}`,
  maxLength: (p) => `${p.subject}: допускается не больше ${charactersGenitive(p.limit)}`,
  minimum: (p) => `${p.subject}: значение должно быть не меньше ${p.limit}`,
  maximum: (p) => `${p.subject}: значение должно быть не больше ${p.limit}`,
  exclusiveMinimum: (p) => `${p.subject}: значение должно быть больше ${p.limit}`,
  exclusiveMaximum: (p) => `${p.subject}: значение должно быть меньше ${p.limit}`,
  minItems: (p) => `${p.subject}: нужно не меньше ${itemsGenitive(p.limit)}`,
  maxItems: (p) => `${p.subject}: допускается не больше ${itemsGenitive(p.limit)}`,
  decimalInteger: (p) =>
    `${p.subject}: значение должно быть целым числом, записанным десятичными цифрами`,
  uniqueItems: (p) => `${p.subject}: элементы не должны повторяться`,
  oneOf: (p) => `${p.subject}: допустимые значения — ${p.values}`,
  pattern: (p) => `${p.subject}: значение должно соответствовать шаблону ${p.pattern}`,
  format: (p) => `${p.subject}: значение должно быть в формате ${p.format}`,
  otherRule: (p) => `${p.subject} ${p.message}`,
  aboutSiteName: 'Название в шапке и заголовках страниц',
  aboutSupportEmail: 'Адрес поддержки в подвале и на страницах помощи',
  aboutExamQuestionCount:
    'Число вопросов в экзамене курса по умолчанию (у других курсов — вкладка «Курсы»)',
  aboutExamTimeLimitSeconds:
    'Время на экзамен в секундах в курсе по умолчанию (у других курсов — вкладка «Курсы»)',
  aboutExamPassPercent:
    'Процент правильных ответов, нужный для сдачи, в курсе по умолчанию (у других курсов — вкладка «Курсы»)',
  aboutExpressQuestionCount: 'Число вопросов в экспресс-тесте',
  aboutExpressTimeLimitSeconds: 'Время на экспресс-тест в секундах',
  aboutMarathonQuestionCount: 'Число вопросов в марафоне',
  aboutDailyChallengeSize: 'Число вопросов в задании дня',
  aboutReadyThresholdPercent:
    'Вероятность сдачи (в процентах), которую ученик должен держать несколько дней, чтобы считаться готовым',
  aboutDailyGoal: 'Сколько ответов в день засчитывается в серию ученика',
  aboutRegistrationOpen: 'Могут ли посетители регистрироваться',
  aboutMaintenanceNotice: 'Объявление, которое видят все пользователи',
  aboutDonationDetails:
    'Как поддержать школу: текст на каждом языке интерфейса (по строке: название: реквизиты); без текста страница пожертвований скрыта',
};
