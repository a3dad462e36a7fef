import type { Catalog } from './en';

const LANGUAGE_NAMES: Record<string, string> = {
  en: '영어',
  ru: '러시아어',
  zh: '중국어',
  ko: '한국어',
};
const languageName = (code: string) => LANGUAGE_NAMES[code] ?? code;

/** The API's texts in Korean. */
export const ko: Catalog = {
  badRequest: '잘못된 요청입니다',
  notAuthenticated: '로그인이 필요합니다',
  forbidden: '접근 권한이 없습니다',
  notFound: '찾을 수 없습니다',
  methodNotAllowed: '허용되지 않는 메서드입니다',
  notAcceptable: '요청한 응답 형식을 제공할 수 없습니다',
  requestTooLarge: '요청 본문이 너무 큽니다',
  unsupportedContentType: '지원하지 않는 콘텐츠 유형입니다',
  tooManyRequests: '요청이 너무 많습니다. 잠시 후 다시 시도하세요',
  tooManyRequestsFor: (p) => `요청이 너무 많습니다. ${p.seconds}초 후에 다시 시도하세요`,
  internalError: '서버 내부 오류가 발생했습니다',
  conflictsWithStored: '이미 저장된 데이터와 충돌합니다',
  doesNotFitStorage: '데이터를 저장할 수 없는 형식입니다',
  methodNotAllowedHere: (p) =>
    `여기서는 ${p.method}을(를) 사용할 수 없습니다. ${p.allowed}을(를) 사용하세요`,
  or: (p) => `${p.first} 또는 ${p.second}`,
  databaseUnavailable: '데이터베이스를 사용할 수 없습니다. 잠시 후 다시 시도하세요',
  databaseRefusesWrites:
    '데이터베이스가 응답하지만 저장하지 못합니다(디스크 가득 참 또는 읽기 전용)',
  limitsUnavailable: '지금은 시도 횟수를 기록할 수 없습니다. 잠시 후 다시 시도하세요',

  invalidToken: '로그인 정보가 유효하지 않거나 만료되었습니다',
  adminRequired: '관리자 권한이 필요합니다',
  badCredentials: '사용자 이름 또는 비밀번호가 올바르지 않습니다',
  accountDeactivated: '비활성화된 계정입니다',
  registrationClosed: '회원가입이 마감되었습니다',
  passwordBlank: '비밀번호가 공백으로만 되어 있습니다',
  firstNameEmpty: '이름이 비어 있습니다',
  lastNameEmpty: '성이 비어 있습니다',
  wrongCurrentPassword: '현재 비밀번호가 올바르지 않습니다',
  passwordUnchanged: '새 비밀번호가 현재 비밀번호와 같습니다',
  usernameTaken: '이미 사용 중인 사용자 이름입니다',
  emailTaken: '이미 사용 중인 이메일입니다',
  usernameAndEmailTaken: '이미 사용 중인 사용자 이름과 이메일입니다',

  userNotFound: '사용자를 찾을 수 없습니다',
  cannotDemoteSelf: '자신의 관리자 권한을 해제하거나 자신을 비활성화할 수 없습니다',
  lastAdminDemoted: '마지막 관리자의 권한을 해제하거나 비활성화할 수 없습니다',
  cannotDeleteSelf: '자신의 계정은 삭제할 수 없습니다',
  lastAdminDeleted: '마지막 관리자는 삭제할 수 없습니다',
  lastAdminCannotLeave:
    '활성 관리자가 본인뿐입니다. 계정을 삭제하기 전에 다른 사람을 관리자로 지정하세요',
  wrongPasswordConfirmation: '비밀번호가 올바르지 않습니다',

  jsonBodyExpected: '이 작업은 JSON 본문(application/json)을 받습니다',
  bodyRequired: '이 작업에는 요청 본문(application/json)이 필요합니다',
  bodyTypeUnread: (p) => `API는 ${p.type} 본문을 읽지 않습니다`,
  mustNotContain: (p) => `${p.where}에 ${p.character}를 넣을 수 없습니다`,
  nulCharacter: (p) => `NUL 문자(${p.code})`,
  unpairedSurrogate: (p) => `짝이 없는 서로게이트 문자(${p.code})`,
  controlCharacter: (p) => `제어 문자(${p.code})`,
  fileTooLarge: (p) => `파일이 ${p.megabytes}MB보다 큽니다`,
  noFileUploaded: '업로드된 파일이 없습니다',
  notMultipart: '업로드 내용이 올바른 multipart/form-data가 아닙니다',
  fileHoldsCharacter: (p) => `파일에 ${p.character}가 있어 아무것도 가져오지 않았습니다`,
  lineHoldsCharacter: (p) =>
    `이 줄에는 저장할 수 없는 ${p.character}가 있습니다. 텍스트 파일이 맞나요?`,
  notImage: '파일이 PNG, JPEG, WebP 또는 GIF 이미지가 아닙니다',
  damagedImage: (p) => `파일이 ${p.format} 이미지처럼 시작하지만 헤더가 손상되었거나 잘려 있습니다`,

  uploadTooLarge: (p) =>
    `업로드한 파일이 모두 합쳐 ${p.megabytes}MB보다 커서 아무것도 가져오지 않았습니다`,
  unsafePhotoName: (p) =>
    `파일 이름 "${p.name}": 사진 이름으로 쓸 수 없습니다. 문자, 숫자, 공백, 문장 부호를 쓸 수 있지만 / \\ : * ? " < > | 와 보이지 않는 문자는 안 되며, 문자나 숫자나 _로 시작하고 128자 이내여야 합니다. 파일 이름을 바꿔 다시 올리세요`,
  topicsWouldShrink: (p) =>
    `파일에 있는 주제 ${p.topics}의 문제가 지금보다 적습니다. 빠진 문제를 주제에서 빼려면 바꾸기로 가져오세요`,
  photoNamesTaken: (p) =>
    `같은 이름의 다른 사진이 이미 서버에 있습니다: ${p.photos}. 바꾸면 그 사진을 쓰는 모든 문제에 새 사진이 나옵니다`,
  notUtf8SaveAs: '파일이 UTF-8 텍스트가 아닙니다. "CSV UTF-8"로 저장한 뒤 다시 시도하세요',
  notCsv: '올바른 CSV 파일이 아니어서 아무것도 가져오지 않았습니다',
  malformedCsv: '잘못된 CSV 형식입니다',
  csvQuoteNotClosed:
    '파일이 따옴표 셀 안에서 끝납니다. 셀을 여는 따옴표가 닫히지 않았습니다(셀 안의 따옴표는 ""로 쓰세요)',
  fileEmpty: '파일이 비어 있습니다',
  noQuestionsInFile: '파일에 머리글만 있고 문제가 없습니다',
  badRows: (p) => `파일에 잘못된 행이 ${p.count}개 있어 아무것도 가져오지 않았습니다`,
  topicsByRowsAlone:
    'question_rows는 문제 CSV의 행을 가리키므로 그 CSV와 함께만 읽을 수 있습니다. 문제 탭의 가져오기 영역에서 문제 CSV와 함께 가져오거나, 여기서는 question_ids 열로 문제를 지정하세요',
  noTopicsHeader: '파일에 name,question_ids 머리글이 없어 아무것도 가져오지 않았습니다',
  headerMustName: (p) => `머리글에 ${p.columns} 열이 있어야 합니다`,
  rowCellCount: (p) =>
    `이 행의 셀은 ${p.found}개인데 머리글은 ${p.expected}개입니다. 따옴표와 구분 기호를 확인하세요`,
  cellUnderEmptyHeader: (p) =>
    `${p.column}번째 열은 머리글에 이름이 없는데 이 행의 그 열에 "${p.value}" 값이 있습니다. 머리글에서 열 이름을 지정하거나 그 열의 셀을 비우세요`,
  nameUsedOnLine: (p) => `이름 "${p.name}"은(는) 이미 ${p.line}행에서 사용되었습니다`,
  unknownColumns: (p) =>
    `머리글에 알 수 없는 열 ${p.columns}이(가) 있습니다. 필요한 열: ${p.expected}`,
  tooManyAnswerColumns: (p) =>
    `한 문제의 답은 5개까지(answer_1~answer_5)인데 이 행에는 "${p.column}" 열이 채워져 있습니다. 답을 5개 이하로 줄이세요(비어 있는 ${p.column} 열은 상관없습니다)`,
  repeatedColumn: (p) => `머리글에 "${p.column}" 열이 두 번 있습니다`,
  missingColumns: (p) => `머리글에 필수 열 ${p.columns}이(가) 없습니다`,
  pointsNotWhole: (p) => `points는 1부터 ${p.max}까지의 정수여야 합니다("${p.value}" 입력됨)`,
  ticketNumberInvalid: (p) =>
    `ticket에는 1부터 ${p.max}까지의 문제지 번호를 "|"로 나누어 적어야 합니다("${p.value}" 입력됨)`,

  packageNotAlone: '문제 은행 패키지(.zip)는 따로 올리거나, 문제 CSV를 사진과 함께 올리세요',
  notZip: '파일을 zip 압축 파일로 읽을 수 없어 아무것도 가져오지 않았습니다',
  packageTooLarge: (p) => `패키지를 풀면 ${p.megabytes}MB를 넘어서 아무것도 가져오지 않았습니다`,
  noQuestionsCsv:
    '패키지에 문제 CSV(머리글에 question_text가 있는 .csv 파일)가 없어 아무것도 가져오지 않았습니다',
  manyQuestionsCsv: (p) =>
    `패키지에 문제 CSV가 여러 개 있습니다(${p.files}). 하나만 넣어 주세요. 아무것도 가져오지 않았습니다`,
  manyTopicsCsv: (p) =>
    `패키지에 주제 CSV가 여러 개 있습니다(${p.files}). 하나만 넣어 주세요. 아무것도 가져오지 않았습니다`,
  unknownCsv: (p) =>
    `${p.files}: 문제 CSV(question_text, …)도 주제 CSV(name,question_rows)도 아니어서 아무것도 가져오지 않았습니다`,
  topicNameTooLong: (p) => `주제 이름 "${p.name}"이(가) ${p.max}자보다 깁니다`,
  photoMissing: (p) => `사진 "${p.photo}"이(가) 패키지에도 서버에도 없습니다`,
  photoNamedTwice: (p) =>
    `패키지에 "${p.photo}"라는 이름의 서로 다른 사진이 두 장 있습니다(${p.paths})`,
  photoTooLarge: (p) => `사진 "${p.photo}"이(가) ${p.megabytes}MB보다 큽니다`,
  photoKindRefused: (p) =>
    `사진 "${p.photo}"은(는) 서버가 받는 형식이 아닙니다. PNG, JPEG, WebP, GIF 이미지로, 그 확장자(.png, .jpg, .webp, .gif)로 주세요`,
  photoNotImage: (p) => `사진 "${p.photo}"은(는) PNG, JPEG, WebP, GIF 이미지가 아닙니다`,
  photoDamaged: (p) =>
    `사진 "${p.photo}"은(는) ${p.format} 이미지처럼 시작하지만 손상되었거나 잘려 있습니다`,
  questionRowsFormat:
    'question_rows에는 문제 CSV의 행 번호를 쉼표, 세미콜론, 공백 또는 |로 구분해 적어야 합니다',
  questionRowsUnknown: (p) => `문제 CSV에는 문제가 ${p.count}개뿐이라 ${p.rows}번 행이 없습니다`,
  nameEmpty: '이름이 비어 있습니다',
  nameTooLong: (p) => `이름이 ${p.max}자를 넘습니다`,
  questionIdsFormat:
    'question_ids는 JSON 배열이거나 쉼표, 세미콜론, 공백 또는 |로 구분한 숫자여야 합니다',
  questionIdsEmpty: 'question_ids가 비어 있습니다. 주제에는 문제가 하나 이상 있어야 합니다',
  questionIdsUnknown: (p) => `이 과정에 없는 문제 번호: ${p.ids}`,
  topicNameTaken: '같은 이름의 주제가 이미 있습니다',
  topicNotFound: '주제를 찾을 수 없습니다',
  topicChanged:
    '이 주제를 연 뒤 다른 사람이 수정했습니다. 아무것도 저장되지 않았습니다. 다시 열어 상대의 버전을 확인하세요.',

  noScript:
    'Theory Trainer를 사용하려면 JavaScript가 필요합니다. 브라우저 설정에서 켠 다음 이 페이지를 새로 고치세요.',
  hostHeaderRequired: 'HTTP/1.1 요청에는 Host 헤더가 있어야 합니다',
  expectationUnmet: (p: { expectation: string }) =>
    `서버가 '${p.expectation}' 기대를 충족할 수 없습니다`,
  timeAhead: (p: { field: string }) => `${p.field}이(가) 미래의 시각입니다`,
  timeTooOld: (p: { field: string }) =>
    `${p.field}이(가) 계정이 생기기 전이거나 90일보다 더 전입니다`,
  questionNotFound: '문제를 찾을 수 없습니다',
  userChanged:
    '이 사용자를 연 뒤 다른 사람이 수정했습니다. 아무것도 저장되지 않았습니다. 다시 열어 상대의 버전을 확인하세요.',
  settingChanged:
    '이 설정을 연 뒤 다른 사람이 수정했습니다. 아무것도 저장되지 않았습니다. 다시 열어 상대의 버전을 확인하세요.',
  questionChanged:
    '이 문제를 연 뒤 다른 사람이 수정했습니다. 아무것도 저장되지 않았습니다. 다시 열어 상대의 버전을 확인하세요.',
  imageNotFound: '이미지를 찾을 수 없습니다',
  unknownPhoto: (p) => `알 수 없는 사진 "${p.photo}"입니다. 먼저 이미지를 업로드하세요`,
  pageNotWhole: 'query/page는 정수여야 합니다',
  fieldEmpty: (p) => `${p.field}이(가) 비어 있습니다`,
  fieldTooLong: (p) => `${p.field}이(가) ${p.max}자를 넘습니다`,
  answerNeeded: (p) => `${p.field}이(가) 비어 있습니다. 문제에는 답이 두 개 이상 필요합니다`,
  answersInOrder: (p) =>
    `${p.field}은(는) 채워져 있지만 ${p.previous}이(가) 비어 있습니다. 답을 순서대로 채우세요`,
  rightAnswersEmpty: 'right_answers가 비어 있습니다. 1,3처럼 정답 번호를 입력하세요',
  rightAnswersFormat: (p) =>
    `right_answers에는 1,3이나 AC처럼 1부터 5까지의 답 번호나 A부터 E까지의 문자를 적어야 합니다("${p.value}" 입력됨)`,
  rightAnswerEmpty: (p) => `right_answers가 답 ${p.number}을(를) 가리키지만 그 답은 비어 있습니다`,
  pointsRange: (p) => `points는 1부터 ${p.max}까지의 정수여야 합니다`,
  photoName: (p) =>
    `photo "${p.photo}": 사진 이름이 될 수 없습니다. 문자, 숫자, 공백, 문장 부호를 쓸 수 있지만 / \\ : * ? " < > | 와 보이지 않는 문자는 안 되며, 128자 이하이고 문자나 숫자나 _로 시작해야 합니다`,
  choicesBeyond: (p) =>
    `${p.question}번 문제의 답은 ${p.answers}개뿐이라 답 ${p.named}은(는) 없습니다`,
  choicesUnknown: (p) => `존재하지 않는 답을 선택했습니다: ${p.problems}`,
  andMore: (p) => `${p.shown} 외 ${p.more}개`,

  answeredTwice: (p) => `각 문제에는 한 번만 답할 수 있습니다. ${p.ids}이(가) 두 번 이상 있습니다`,
  unknownQuestions: (p) => `알 수 없는 문제 ${p.ids}`,
  resultNotFound: '결과를 찾을 수 없습니다',
  resultOfAnother: '다른 사용자의 결과입니다',
  bankEmpty: '문제 은행에 아직 문제가 없습니다',
  courseNotFound: '과정을 찾을 수 없습니다',
  courseChanged:
    '이 과정을 연 뒤 다른 사람이 수정했습니다. 아무것도 저장되지 않았습니다. 다시 열어 상대의 버전을 확인하세요.',
  courseNameTaken: '같은 이름의 과정이 이미 있습니다',
  courseIsDefault: '기본 과정은 삭제할 수 없습니다',
  courseNotEmpty: (p: { name: string }) =>
    `이 과정에는 문제, 주제, 문제지 또는 결과가 있습니다. 모두 함께 삭제하려면 과정 이름 "${p.name}"을(를) 입력해 확인하세요`,
  coursePercentRange: '백분율 합격 기준은 1에서 100 사이의 정수여야 합니다',
  courseMistakesNotBelowCount: '허용 오답 수는 시험 문항 수보다 적어야 합니다',
  unknownCourse: '그런 과정이 없습니다',

  topicNameInCourseLanguage: (p) =>
    `이 과정의 시험 언어는 ${languageName(p.language)}입니다. 이 언어의 이름은 번역이 아니라 주제 자체의 이름입니다`,
  topicNameTranslationTooLong: (p) =>
    `주제의 ${languageName(p.language)} 이름이 ${p.max}자를 넘습니다`,
  translationInCourseLanguage: (p) =>
    `이 과정의 문제는 ${languageName(p.language)}로 작성되어 있습니다. 이 언어의 내용은 번역이 아니라 문제 자체의 필드에 들어갑니다`,
  translationAnswers: (p) =>
    `${languageName(p.language)} 번역은 문제에 있는 답 ${p.expected}만 정확히 채워야 합니다(채워진 답: ${p.found})`,
  translationsOutdated: (p) =>
    `답이 바뀌어 ${p.languages} 번역이 더 이상 맞지 않습니다. 번역을 문제와 함께 보내세요`,
  noTranslationColumns:
    '머리글에 번역 열(예: question_text@ru)이 없어 아무것도 가져오지 않았습니다',
  noTranslationsInFile: '번역 칸이 모두 비어 있어 아무것도 가져오지 않았습니다',
  questionIdNotNumber: (p) => `question_id는 문제 번호여야 합니다("${p.value}"이(가) 입력됨)`,
  questionNotInCourse: (p) => `이 과정에는 #${p.id} 문제가 없습니다`,
  questionIdRepeated: (p) => `#${p.id} 문제는 이미 ${p.line}행에 있습니다`,
  courseHasTranslationsInto: (p) =>
    `이 과정의 문제 ${p.count}개에 ${languageName(p.language)} 번역이 있습니다. 과정 언어로 정하기 전에 그 번역을 지우세요`,
  languageName: (p) => languageName(p.language),
  questionsOfOtherCourse: (p: { ids: string }) => `다음 문제는 내 과정에 없습니다: ${p.ids}`,
  examSessionNotFound: '시험 세션을 찾을 수 없습니다',
  examSessionRequired:
    '시험은 시작한 시험 세션과 함께 제출해야 합니다(POST /exams/sessions의 session_id)',
  examSessionNotYours: (p) => `시험 세션 #${p.id}은(는) 내 시험 세션이 아닙니다`,
  questionsNotInSession: (p) => `다음 문제는 이 시험에 없습니다: ${p.ids}`,
  extrasNotEarned: (p) => `다음 추가 문제는 이 시험의 오답으로 주어진 문제가 아닙니다: ${p.ids}`,
  answeredOutsideSession: (p) => `다음 답의 시각이 시험 시작 전이거나 현재보다 뒤입니다: ${p.ids}`,
  startOnlyForPrepared:
    'started_at은 준비된 세션의 시험에만 씁니다. 이 세션은 문제를 뽑을 때 시작되었습니다',
  preparedStartRequired: '준비된 세션의 시험은 시작 시각(started_at)과 함께 제출합니다',
  startOutsidePrepared: '시작 시각이 이 시험을 준비한 시각보다 이르거나 현재보다 늦습니다',
  sessionAnsweredOtherwise:
    '이 시험 세션에는 이미 다른 답의 결과가 있습니다. 시험은 한 번만 집계됩니다',
  resultNotYours: (p) => `결과 #${p.id}은(는) 내 결과가 아닙니다`,
  bankTooSmall: (p) =>
    `문제 은행에 문제가 ${p.count}개 있지만 시험지 한 장에 ${p.needed}개가 필요합니다`,
  ticketNotFound: '시험지를 찾을 수 없습니다',
  trainingSessionNotFound: '연습 세션을 찾을 수 없습니다',
  answersOutsideSession: (p) => `이 문제들은 연습 세션에 없습니다: ${p.ids}`,
  answerBeforeSession: '이 답은 연습 세션이 시작되기 전 시각으로 되어 있습니다',
  correctExceedsAnswered: 'correct_answers는 questions_answered보다 클 수 없습니다',
  answeredExceedsSession: (p) =>
    `questions_answered는 이 세션의 문제 수 ${p.count}개를 넘을 수 없습니다`,
  unknownQuestionIds: (p) => `알 수 없는 문제 번호: ${p.ids}`,
  noQuestionsAvailable: '풀 수 있는 문제가 없습니다',

  settingNotFound: '설정을 찾을 수 없습니다',
  settingKeyNotFound: (p) => `설정 ${p.key}을(를) 찾을 수 없습니다`,
  settingKeyTaken: (p) => `키가 ${p.key}인 설정이 이미 있습니다`,
  backupNotFound: '백업을 찾을 수 없습니다',
  dataType_string: '문자열',
  dataType_number: '숫자',
  dataType_boolean: '불리언',
  dataType_json: 'JSON',
  invalidSetting: (p) => `${p.key}(${p.type})의 값이 올바르지 않습니다: ${p.problem}`,
  settingOfType: (p) => `${p.key}은(는) ${p.type} 형식의 설정입니다`,
  notANumber: (p) => `'${p.value}'은(는) 숫자가 아닙니다`,
  notABoolean: (p) => `'${p.value}'은(는) 'true' 또는 'false'가 아닙니다`,
  notJson: (p) => `'${p.value}'은(는) 올바른 JSON이 아닙니다`,
  notInRange: (p) => `'${p.value}'은(는) ${p.min}부터 ${p.max}까지의 정수가 아닙니다`,
  valueTooLong: (p) => `값이 ${p.length}자입니다. 최대 ${p.max}자까지 입력할 수 있습니다`,
  notAnEmail: (p) => `'${p.value}'은(는) 이메일 주소가 아닙니다`,
  notANotice:
    '점검 공지는 다른 항목 없이 {"enabled": true 또는 false, "message": "내용"} 형식이어야 하며, "messages": {"en", "ru", "zh" 또는 "ko": "내용"}를 더할 수 있습니다',
  noticeWithoutMessage: '표시할 공지에는 내용이 있어야 합니다',
  notDonationDetails:
    '후원 정보는 {"en", "ru", "zh" 또는 "ko": "여러 줄"} 형식이어야 합니다. 인터페이스 언어마다 텍스트 하나이며 다른 항목은 넣을 수 없습니다',
  donationDetailsTooLong: (p) =>
    `한 언어의 후원 정보가 ${p.length}자입니다. 최대 ${p.max}자까지 허용됩니다`,
  noticeTooLong: (p) => `공지 내용이 ${p.length}자입니다. 최대 ${p.max}자까지 입력할 수 있습니다`,
  keyedProblem: (p) => `${p.key}: ${p.problem}`,
  valueEmpty: '값이 비어 있습니다',
  backupWithoutAdmin: '백업에 활성 관리자가 없습니다. 복원하면 아무도 앱을 관리할 수 없습니다',
  backupRowsDoNotFit: (p) => `백업의 데이터가 이 데이터베이스에 맞지 않습니다: ${p.reason}`,
  notABackup: (p) => `이 앱의 백업이 아닙니다: ${p.reason}`,
  tableMissing: (p) => `${p.table} 테이블이 없습니다`,
  tableLacks: (p) => `${p.table}에 ${p.columns}이(가) 없습니다`,
  notSqlite: '파일이 SQLite 데이터베이스가 아닙니다',
  tableUnreadable: (p) => `${p.table} 테이블을 읽을 수 없습니다`,
  tableDamaged: (p) => `${p.table} 테이블이 손상되었습니다`,
  backupRowRefused: (p) =>
    `백업에 이 앱이 받아들이지 않을 행이 있습니다: ${p.table}, ${p.row}인 행: ${p.problem}`,
  backupCellDoesNotFit: (p) =>
    `백업의 데이터가 이 데이터베이스에 맞지 않습니다: ${p.row}인 행의 ${p.cell}: ${p.problem}`,

  placeBody: '요청 본문',
  placeQuery: '쿼리',
  placePath: '경로',
  placeHeaders: '헤더',
  placeRequest: '요청',
  typeString: '텍스트',
  typeInteger: '정수',
  typeNumber: '숫자',
  typeBoolean: 'true 또는 false',
  typeArray: '목록',
  typeObject: '객체',
  notValid: (p) => `${p.subject}이(가) 올바르지 않습니다`,
  lacksField: (p) => `${p.subject}에 필수 필드 "${p.field}"이(가) 없습니다`,
  objectLacksField: (p) => `객체 ${p.subject}에 필수 필드 "${p.field}"이(가) 없습니다`,
  unknownField: (p) => `${p.place}에 알 수 없는 필드 "${p.field}"이(가) 있습니다`,
  mustBeType: (p) => `${p.subject}은(는) ${p.type}여야 합니다`,
  mustNotBeEmpty: (p) => `${p.subject}은(는) 비워 둘 수 없습니다`,
  minLength: (p) => `${p.subject}은(는) ${p.limit}자 이상이어야 합니다`,
  maxLength: (p) => `${p.subject}은(는) ${p.limit}자 이하여야 합니다`,
  minimum: (p) => `${p.subject}은(는) ${p.limit} 이상이어야 합니다`,
  maximum: (p) => `${p.subject}은(는) ${p.limit} 이하여야 합니다`,
  exclusiveMinimum: (p) => `${p.subject}은(는) ${p.limit}보다 커야 합니다`,
  exclusiveMaximum: (p) => `${p.subject}은(는) ${p.limit}보다 작아야 합니다`,
  minItems: (p) => `${p.subject}에는 항목이 ${p.limit}개 이상 있어야 합니다`,
  maxItems: (p) => `${p.subject}에는 항목이 ${p.limit}개 이하여야 합니다`,
  decimalInteger: (p) => `${p.subject}은(는) 10진수 숫자로 쓴 정수여야 합니다`,
  uniqueItems: (p) => `${p.subject}에 같은 항목이 두 번 있을 수 없습니다`,
  oneOf: (p) => `${p.subject}은(는) 다음 중 하나여야 합니다: ${p.values}`,
  pattern: (p) => `${p.subject}은(는) ${p.pattern} 패턴과 일치해야 합니다`,
  format: (p) => `${p.subject}은(는) 올바른 ${p.format} 형식이어야 합니다`,
  otherRule: (p) => `${p.subject} ${p.message}`,
  aboutSiteName: '헤더와 제목에 표시되는 이름',
  aboutSupportEmail: '푸터와 도움말 페이지에 표시되는 지원 이메일',
  aboutExamQuestionCount: '기본 과정의 시험 문제 수. 다른 과정은 과정 탭에서 정합니다',
  aboutExamTimeLimitSeconds: '기본 과정의 시험 제한 시간(초). 다른 과정은 과정 탭에서 정합니다',
  aboutExamPassPercent: '기본 과정의 합격에 필요한 정답 비율(%). 다른 과정은 과정 탭에서 정합니다',
  aboutExpressQuestionCount: '빠른 테스트 문제 수',
  aboutExpressTimeLimitSeconds: '빠른 테스트 제한 시간(초)',
  aboutMarathonQuestionCount: '마라톤 문제 수',
  aboutDailyChallengeSize: '오늘의 도전 문제 수',
  aboutReadyThresholdPercent: '학습자가 며칠 동안 유지해야 준비 완료로 표시되는 합격 확률(퍼센트)',
  aboutDailyGoal: '연속 학습일로 인정되는 하루 답변 수',
  aboutRegistrationOpen: '방문자의 회원가입 허용 여부',
  aboutMaintenanceNotice: '모든 사용자에게 표시되는 배너',
  aboutDonationDetails:
    '학교를 후원하는 방법. 인터페이스 언어마다 텍스트 하나(한 줄에 하나: 이름: 정보). 비워 두면 후원 페이지가 숨겨집니다',
};
