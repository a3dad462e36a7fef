/**
 * Property-based bad input for every operation of the contract: requests are derived from
 * each operation's parameters and request body schema, then broken on purpose (wrong types,
 * missing and unknown fields, huge and odd strings, broken JSON, wrong content types, path
 * traversal, forged tokens, bad files). Every answer must be a 4xx with `{detail}`, and the
 * stored data must be the same afterwards. A fixed seed and 20 runs per operation unless
 * `BAD_INPUT_SEED` and `BAD_INPUT_RUNS` ask for other inputs (a failure names the seed).
 */
import { createHash } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLES_IN_ORDER } from '../../server/db/schema';
import { type ContractOperation, loadContract } from '../../server/http/contract';
import { createTestApp, DATABASES, multipartFile, type TestApp } from './helpers';

const SEED = Number(process.env.BAD_INPUT_SEED ?? 20_261_122);
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 20);
const MB = 1024 * 1024;

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
};

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema: JsonSchema;
}

interface BadRequest {
  /** What was broken, shown when the property fails. */
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const { document, operations } = loadContract() as unknown as {
  document: { paths: Record<string, Record<string, any>>; components: Record<string, any> };
  operations: ContractOperation[];
};

function resolve<T extends { $ref?: string }>(node: T): T {
  if (!node?.$ref) return node;
  const target = node.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<any>((at, key) => at?.[key], document);
  return resolve(target as T);
}

function parametersOf(op: ContractOperation): Parameter[] {
  const item = document.paths[op.path] ?? {};
  const raw: (Parameter & { $ref?: string })[] = [
    ...(item.parameters ?? []),
    ...(item[op.method.toLowerCase()]?.parameters ?? []),
  ];
  return raw.map((p) => {
    const param = resolve(p);
    return { ...param, schema: resolve(param.schema) };
  });
}

function jsonBodyOf(op: ContractOperation): { schema: JsonSchema; required: boolean } | undefined {
  const body = document.paths[op.path]?.[op.method.toLowerCase()]?.requestBody;
  const schema = body?.content?.['application/json']?.schema;
  return schema ? { schema: resolve(schema), required: Boolean(body.required) } : undefined;
}

/** The JSON types a schema accepts (an enum's values count by their types). */
function typesOf(schema: JsonSchema): Set<string> {
  const s = resolve(schema);
  if (s.type) return new Set(Array.isArray(s.type) ? s.type : [s.type]);
  if (s.enum)
    return new Set(
      s.enum.map((v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)),
    );
  const union = s.oneOf ?? s.anyOf;
  if (union) return new Set(union.flatMap((part) => [...typesOf(part)]));
  return new Set();
}

/** A value of the right shape, so that one broken field is what the server sees. */
function sampleOf(schema: JsonSchema): unknown {
  const s = resolve(schema);
  if (s.default !== undefined) return s.default;
  if (s.enum) return s.enum[0];
  const type = [...typesOf(s)].find((t) => t !== 'null') ?? 'null';
  switch (type) {
    case 'string':
      return 'sample'.padEnd(s.minLength ?? 0, 'x');
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return s.items ? [sampleOf(s.items)] : [];
    case 'object':
      return Object.fromEntries(
        (s.required ?? []).map((key) => [key, sampleOf(s.properties?.[key] ?? {})]),
      );
    default:
      return null;
  }
}

// Strings a parser, a query builder or a file system might trip on.
const TRAVERSALS = [
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%252e%252e%252fetc%252fpasswd',
  '....//....//etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  'backup-..%2F..%2Ftrainer.sqlite',
  'backup-x.sqlite%00.png',
  'x.png%00../../etc/passwd',
  '%c0%ae%c0%ae%c0%afetc%c0%afpasswd',
];
/**
 * Integer path values that are no usable id: zero, negative, fractional, past 32 and 64 bits,
 * infinite, and numbers not written in decimal digits (which `Number()` would read as 16 or 1).
 */
const LOOSE_INTEGERS = ['0x10', '0b1', '0o7', '1e1', '+1', ' 1', '1 ', '5.', '1.0', '1\n'];
const INTEGER_EDGES = [
  ...LOOSE_INTEGERS,
  '0',
  '-1',
  '1.5',
  '1e400',
  '99999999999999999999',
  '2147483648',
  '9223372036854775808',
  '%00',
];
const ODD_CONSTANTS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uFEFF\u202E\u200B',
  '👩‍👩‍👧‍👦🚗',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x")',
  '${jndi:ldap://x}',
  '__proto__',
  'constructor',
  '\ud800',
  ...TRAVERSALS,
];
const oddString = fc.oneof(
  fc.constantFrom(...ODD_CONSTANTS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);
/**
 * `encodeURIComponent`, except that a lone surrogate (which it refuses) becomes the three bytes
 * a careless encoder would send for it: a URL that is not valid UTF-8 is bad input too.
 */
function percentEncoded(value: string): string {
  return value
    .split(/([\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/)
    .map((part, i) => {
      if (i % 2 === 0) return encodeURIComponent(part);
      const unit = part.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}
const oddKey = oddString.filter((s) => s.length > 0);
/** Text that is not a number, not a boolean word and not empty: no coercion turns it valid. */
const notNumeric = oddString.filter(
  (s) => s.trim() !== '' && Number.isNaN(Number(s)) && !['true', 'false'].includes(s),
);

const ANY_JSON = {
  string: oddString,
  integer: fc.integer(),
  number: fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
  boolean: fc.boolean(),
  null: fc.constant(null),
  array: fc.array(fc.oneof(fc.integer(), oddString), { maxLength: 3 }),
  object: fc.dictionary(oddKey, fc.oneof(fc.integer(), oddString), { maxKeys: 3 }),
} as const;

/** A JSON value whose type the schema does not accept. */
function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
  const allowed = typesOf(schema);
  if (allowed.size === 0) return undefined;
  if (allowed.has('number')) allowed.add('integer');
  const options = Object.entries(ANY_JSON)
    .filter(([type]) => !allowed.has(type))
    .map(([, arb]) => arb as fc.Arbitrary<unknown>);
  const s = resolve(schema);
  // An enum's own type with a value outside it is wrong too.
  if (s.enum && allowed.has('string')) options.push(oddString.filter((v) => !s.enum?.includes(v)));
  return options.length > 0 ? fc.oneof(...options) : undefined;
}

/** Broken JSON texts: none of them parses. */
const brokenJson = fc
  .oneof(
    fc.constantFrom(
      '{',
      '{"a":',
      '[1,2',
      '{"a":1,}',
      "{'a':1}",
      'nul',
      '{"a":"\u0000',
      '\u0000',
      '{"__proto__":',
      '}{',
    ),
    fc.string({ maxLength: 30 }),
  )
  .filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  });

// Content types the app has no parser for; text/plain is parsed by Fastify, so a body schema
// rejects it instead (tried only where there is one).
const UNSUPPORTED_TYPES = [
  'application/xml',
  'application/x-www-form-urlencoded',
  'text/csv',
  'image/png',
  'application/octet-stream',
];

function b64(value: object) {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
/** Tokens a forger might try: alg none, another key, garbage. sub 1 is the administrator. */
const FORGED_TOKENS = [
  `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: '1' })}.`,
  `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '1', exp: 4_102_444_800 })}.${'A'.repeat(43)}`,
  'null',
  '..',
];
const headerSafe = fc
  .string({ unit: 'binary-ascii', maxLength: 60 })
  .map((s) => s.replace(/[^\x21-\x7e]/g, 'x'));

describe.each(DATABASES)('bad input on %s', (kind) => {
  let t: TestApp;
  let tokens: { learner: string; admin: string };
  let backupBytes: Buffer;

  beforeAll(async () => {
    t = await createTestApp(kind, { seedDemo: true });
    tokens = { learner: (await t.learner('fuzzlearner')).token, admin: await t.adminToken() };
    // Some results and a backup, so there is data that must stay as it is.
    const exam = await t.api('POST', '/exams/sessions', { token: tokens.learner });
    await t.api('POST', '/exams/submit', {
      token: tokens.learner,
      body: {
        exam_type: 'exam',
        session_id: exam.body.session_id,
        answers: exam.body.questions.map((q: { id: number }) => ({
          question_id: q.id,
          selected_answers: [1],
        })),
      },
    });
    const backup = await t.api('POST', '/settings/maintenance/backup_database', {
      token: tokens.admin,
    });
    const file = await t.api('GET', `/settings/maintenance/backups/${backup.body.filename}`, {
      token: tokens.admin,
    });
    backupBytes = file.raw;
  });
  afterAll(() => t?.close());

  /** Row counts of every table and a hash of every row: what "unchanged" means here. */
  async function snapshot(): Promise<Record<string, string>> {
    const result: Record<string, string> = {};
    const digest = (table: string, rows: unknown[]) => {
      const lines = rows
        .map((row) =>
          JSON.stringify(row, (_, v) => (Buffer.isBuffer(v) ? v.toString('base64') : v)),
        )
        .sort();
      result[table] =
        `${rows.length}:${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`;
    };
    for (const table of TABLES_IN_ORDER)
      digest(table, await t.database.db.selectFrom(table).selectAll().execute());
    return result;
  }

  function tokenFor(op: ContractOperation): string | undefined {
    if (op.access === 'admin') return tokens.admin;
    if (op.access === 'user' || op.access === 'optional') return tokens.learner;
    return undefined;
  }

  /**
   * Every way this operation's input can be broken, as one arbitrary, and the edge values
   * (each fixed constant, each kind of breakage twice) tried first on every run.
   */
  function badRequests(
    op: ContractOperation,
  ): { arbitrary: fc.Arbitrary<BadRequest>; examples: BadRequest[] } | undefined {
    const params = parametersOf(op);
    const pathParams = params.filter((p) => p.in === 'path');
    const queryParams = params.filter((p) => p.in === 'query');
    const body = jsonBodyOf(op);
    const token = tokenFor(op);
    const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    // Path values that are well formed but name nothing, so a mutation elsewhere is what fails.
    const absent = (p: Parameter) =>
      typesOf(p.schema).has('integer')
        ? '987654'
        : p.name === 'filename'
          ? 'backup-absent.sqlite'
          : 'absent-name.png';
    const buildUrl = (path: Record<string, string> = {}, query = '') =>
      `/api/v1${op.path.replace(/\{(\w+)\}/g, (_, name: string) => path[name] ?? absent(pathParams.find((p) => p.name === name) as Parameter))}${query}`;
    const request = (kind: string, extra: Partial<BadRequest> = {}): BadRequest => ({
      kind,
      method: op.method,
      url: buildUrl(),
      headers: { ...auth },
      ...extra,
    });
    const json = (kind: string, value: unknown, url = buildUrl()) =>
      request(kind, {
        url,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: JSON.stringify(value),
      });

    const cases: fc.Arbitrary<BadRequest>[] = [];
    const examples: BadRequest[] = [];

    if (op.access !== 'public') {
      cases.push(
        fc
          .oneof(
            fc.constantFrom(...FORGED_TOKENS),
            headerSafe,
            fc.constant(`${tokens.admin.slice(0, -2)}xx`),
          )
          .map((forged) => {
            const base = body
              ? json('forged token', sampleOf(body.schema))
              : request('forged token');
            return { ...base, headers: { ...base.headers, authorization: `Bearer ${forged}` } };
          }),
      );
    }

    for (const p of pathParams) {
      const isInteger = typesOf(p.schema).has('integer');
      const constants = isInteger ? INTEGER_EDGES : TRAVERSALS;
      const values = fc.oneof(
        fc.constantFrom(...constants),
        isInteger ? notNumeric : oddString.filter((s) => s.length > 0),
      );
      const build = (value: string, raw: boolean) => {
        // Traversals go both raw (the router sees the slashes) and encoded (the handler does).
        const segment = raw && TRAVERSALS.includes(value) ? value : percentEncoded(value);
        const url = buildUrl({ [p.name]: segment });
        return body
          ? json(`path ${p.name}=${value}`, sampleOf(body.schema), url)
          : request(`path ${p.name}=${value}`, { url });
      };
      cases.push(fc.tuple(values, fc.boolean()).map(([value, raw]) => build(value, raw)));
      for (const value of constants) examples.push(build(value, false), build(value, true));
    }

    for (const p of queryParams) {
      const types = typesOf(p.schema);
      const options: fc.Arbitrary<string>[] = [];
      const constants: string[] = [];
      if (types.has('integer')) {
        constants.push(
          '1.5',
          '1e400',
          '-1e400',
          String((p.schema.minimum ?? 1) - 1),
          ...LOOSE_INTEGERS,
        );
        if (p.schema.maximum !== undefined) constants.push(String(p.schema.maximum + 1));
        options.push(notNumeric, fc.constantFrom(...constants));
      }
      if (types.has('boolean')) options.push(notNumeric);
      if (p.schema.enum) options.push(oddString.filter((s) => !p.schema.enum?.includes(s)));
      if (p.schema.maxLength !== undefined)
        options.push(fc.constant('q'.repeat(p.schema.maxLength + 1)));
      if (options.length === 0) continue;
      const build = (value: string) =>
        request(`query ${p.name}=${JSON.stringify(value).slice(0, 60)}`, {
          url: buildUrl({}, `?${p.name}=${percentEncoded(value)}`),
        });
      cases.push(fc.oneof(...options).map(build));
      examples.push(...constants.map(build));
      // The same parameter twice arrives as an array, which no scalar schema takes.
      cases.push(
        fc.constant(
          request(`query ${p.name} twice`, { url: buildUrl({}, `?${p.name}=1&${p.name}=2`) }),
        ),
      );
    }

    if (body) {
      const schema = body.schema;
      const base = sampleOf(schema) as Record<string, unknown>;
      const props = Object.entries(schema.properties ?? {});
      const strings = props.filter(([, s]) => typesOf(s).has('string')).map(([name]) => name);
      /** Odd strings in the other string fields, so they travel with the one broken field. */
      const noise = fc.dictionary(
        fc.constantFrom(...(strings.length ? strings : ['-'])),
        oddString,
        { maxKeys: 2 },
      );
      const withNoise = (
        value: Record<string, unknown>,
        skip: string,
        n: Record<string, string>,
      ) => {
        const out = { ...value };
        for (const [key, text] of Object.entries(n))
          if (key !== skip && strings.includes(key)) out[key] = text;
        return out;
      };
      const typed = props.flatMap(([name, s]) => {
        const arb = wrongType(s);
        return arb ? [arb.map((value) => [name, value] as const)] : [];
      });
      if (typed.length) {
        cases.push(
          fc.tuple(fc.oneof(...typed), noise).map(([[name, value], n]) =>
            json(`wrong type ${name}=${JSON.stringify(value)?.slice(0, 60)}`, {
              ...withNoise(base, name, n),
              [name]: value,
            }),
          ),
        );
      }
      // Well formed but for one character no text may hold in one text field: NUL (PostgreSQL
      // text cannot hold it), another control character, or half a surrogate pair. The server
      // must refuse it, on every database alike, before it is stored.
      if (strings.length) {
        cases.push(
          fc
            .tuple(
              fc.constantFrom(...strings),
              fc.constantFrom(
                '\u0000',
                'Right\u0000of way',
                'red \u001b[31mlight',
                'bell\u0007',
                'half \ud800 a pair',
                '\udc00',
              ),
            )
            .map(([name, text]) =>
              json(`unstorable character in ${name}: ${JSON.stringify(text)}`, {
                ...base,
                [name]: text,
              }),
            ),
        );
      }
      // Ids of rows that do not exist, some past what a 32-bit column holds: well formed, so
      // the server itself has to refuse them.
      const hugeIds = fc.constantFrom(987_654, 2_147_483_648, Number.MAX_SAFE_INTEGER);
      // Only required ids: an optional one (a session a result may close) is documented as
      // left alone when it names nothing.
      const idFields = props.flatMap(([name, s]): fc.Arbitrary<readonly [string, unknown]>[] => {
        if (!schema.required?.includes(name)) return [];
        const resolved = resolve(s);
        if (/(^|_)id$/.test(name) && typesOf(resolved).has('integer'))
          return [hugeIds.map((id) => [name, id] as const)];
        if (/(^|_)ids$/.test(name) && typesOf(resolved).has('array'))
          return [hugeIds.map((id) => [name, [id]] as const)];
        const item = resolved.items ? resolve(resolved.items) : undefined;
        const itemId = Object.keys(item?.properties ?? {}).find((key) => /(^|_)id$/.test(key));
        if (item && itemId)
          return [
            hugeIds.map((id) => [name, [{ ...(sampleOf(item) as object), [itemId]: id }]] as const),
          ];
        return [];
      });
      if (idFields.length) {
        cases.push(
          fc
            .oneof(...idFields)
            .map(([name, value]) =>
              json(`absent id in ${name}=${JSON.stringify(value)}`, { ...base, [name]: value }),
            ),
        );
      }
      if (schema.required?.length) {
        cases.push(
          fc.tuple(fc.constantFrom(...schema.required), noise).map(([name, n]) => {
            const value = withNoise(base, name, n);
            delete value[name];
            return json(`missing ${name}`, value);
          }),
        );
      }
      cases.push(
        fc
          .tuple(
            oddKey.filter((key) => !(key in (schema.properties ?? {}))),
            fc.oneof(oddString, fc.integer()),
            noise,
          )
          .map(([key, value, n]) =>
            json(
              `unknown field ${JSON.stringify(key)}`,
              Object.assign(withNoise(base, '', n), { [key]: value }),
            ),
          ),
      );
      if (strings.length) {
        // Past the body limit (413) or a field's maxLength (400), whichever the server meets first.
        cases.push(
          fc
            .constantFrom(...strings)
            .map((name) => json(`1 MB ${name}`, { ...base, [name]: '\u00e9'.repeat(MB / 2 + 1) })),
        );
      }
      cases.push(
        fc
          .oneof(
            fc.constant([]),
            fc.constant('text'),
            fc.constant(42),
            fc.constant(null),
            fc.constant(true),
          )
          .map((value) => json(`body ${JSON.stringify(value)}`, value)),
      );
      cases.push(
        fc.constantFrom('text/plain', ...UNSUPPORTED_TYPES).map((type) =>
          request(`content-type ${type}`, {
            headers: { ...auth, 'content-type': type },
            payload: JSON.stringify(base),
          }),
        ),
      );
      // The same fields as form parts: the multipart parser is there for the uploads only.
      const parts = Object.entries(base).map(
        ([name, value]) =>
          `--XyZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${typeof value === 'string' ? value : JSON.stringify(value)}\r\n`,
      );
      cases.push(
        fc.constant(
          request('the body as multipart/form-data', {
            headers: { ...auth, 'content-type': 'multipart/form-data; boundary=XyZ' },
            payload: `${parts.join('')}--XyZ--\r\n`,
          }),
        ),
      );
      if (body.required) {
        cases.push(
          fc.constant(
            request('no body', { headers: { ...auth, 'content-type': 'application/json' } }),
          ),
        );
        // No body and so no content type: no parser runs, and Fastify validates no absent body.
        cases.push(fc.constant(request('no body and no content type')));
        cases.push(
          fc.constant(
            request('an empty body without a content type', {
              headers: { ...auth, 'content-length': '0' },
              payload: '',
            }),
          ),
        );
      }
    }

    if (op.method !== 'GET' && !op.multipart) {
      cases.push(
        brokenJson.map((text) =>
          request(`broken JSON ${JSON.stringify(text)}`, {
            headers: { ...auth, 'content-type': 'application/json' },
            payload: text,
          }),
        ),
      );
      if (!body) {
        cases.push(
          fc.constantFrom(...UNSUPPORTED_TYPES).map((type) =>
            request(`content-type ${type}`, {
              headers: { ...auth, 'content-type': type },
              payload: 'x=1',
            }),
          ),
        );
      }
    }

    if (op.multipart) {
      const upload = (kind: string, content: string | Buffer, filename: string, type?: string) => {
        const form = multipartFile(content, filename, type);
        return request(kind, { headers: { ...auth, ...form.headers }, payload: form.body });
      };
      const files = fc.tuple(
        fc.uint8Array({ maxLength: 300 }),
        fc.oneof(fc.constantFrom(...TRAVERSALS), headerSafe),
      );
      cases.push(
        files.map(([bytes, name]) =>
          upload(`random bytes as ${JSON.stringify(name)}`, Buffer.from(bytes), name),
        ),
      );
      cases.push(
        fc.constant(
          request('JSON instead of a file', {
            headers: { ...auth, 'content-type': 'application/json' },
            payload: '{"file":"x"}',
          }),
        ),
      );
      cases.push(
        fc.constant(
          request('field not named file', {
            headers: { ...auth, 'content-type': 'multipart/form-data; boundary=XyZ' },
            payload:
              '--XyZ\r\nContent-Disposition: form-data; name="other"; filename="a.csv"\r\n\r\nquestion_text\r\n--XyZ--\r\n',
          }),
        ),
      );
      cases.push(
        fc.constant(
          request('cut-off multipart', {
            headers: { ...auth, 'content-type': 'multipart/form-data; boundary=XyZ' },
            payload:
              '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
          }),
        ),
      );
      cases.push(
        fc.constant(
          request('multipart without boundary', {
            headers: { ...auth, 'content-type': 'multipart/form-data' },
            payload: 'abc',
          }),
        ),
      );
      if (op.operationId === 'importQuestionsCsv') {
        // Good rows around one bad one: the whole file must be refused.
        const badRow = fc.constantFrom(
          'Q?,A,B,,,,9,1,,',
          ',A,B,,,,1,1,,',
          'Q?,A,,,,,1,1,,',
          'Q?,A,B,,,,1,-3,,',
          'Q?,A,B,,,,1,1,../../etc/passwd,',
          '"unclosed,A,B,,,,1,1,,',
        );
        cases.push(
          fc
            .tuple(
              badRow,
              fc.array(
                oddString.map((s) => `"${s.replace(/"/g, '""')}",Yes,No,,,,1,1,,`),
                { maxLength: 3 },
              ),
            )
            .map(([bad, good]) =>
              upload(
                `CSV with ${JSON.stringify(bad)}`,
                [
                  'question_text,answer_1,answer_2,answer_3,answer_4,answer_5,right_answers,points,photo,explanation',
                  ...good,
                  bad,
                ].join('\n'),
                'q.csv',
                'text/csv',
              ),
            ),
        );
        // A file that is right in every way but one NUL character, which PostgreSQL cannot
        // store, or another control character.
        cases.push(
          fc
            .constantFrom(
              'Q\u0000?,A,B,,,,1,1,,',
              'Q?,A,B,,,,1,1,,Because\u0000',
              'Q?,A\u001b[31m,B,,,,1,1,,',
            )
            .map((row) =>
              upload(
                `CSV with a NUL character in ${JSON.stringify(row)}`,
                `question_text,answer_1,answer_2,answer_3,answer_4,answer_5,right_answers,points,photo,explanation\n${row}\n`,
                'q.csv',
                'text/csv',
              ),
            ),
        );
      }
      if (op.operationId === 'importTopicsCsv') {
        cases.push(
          fc
            .constantFrom('abc', '[-1]', '[1.5]', '"[1,"', '0')
            .map((ids) =>
              upload(
                `topics CSV ids ${ids}`,
                `name,question_ids\nFuzz,${ids}\n`,
                't.csv',
                'text/csv',
              ),
            ),
        );
        cases.push(
          fc.constant(
            upload(
              'topics CSV with a NUL character',
              'name,question_ids\nFu\u0000zz,1\n',
              't.csv',
              'text/csv',
            ),
          ),
        );
      }
      if (op.operationId === 'uploadQuestionImage') {
        cases.push(
          fc.constant(
            upload('image over 5 MB', Buffer.alloc(5 * MB + 1, 0x41), 'big.png', 'image/png'),
          ),
        );
        cases.push(
          fc
            .constantFrom('<svg onload="alert(1)"/>', 'GIF8', '\x89PNG')
            .map((text) =>
              upload(`not an image ${JSON.stringify(text)}`, text, 'x.png', 'image/png'),
            ),
        );
      }
      if (op.operationId === 'restoreDatabase') {
        cases.push(
          fc
            .integer({ min: 0, max: 4 })
            .map((part) =>
              upload(
                `backup cut at ${part}/5`,
                backupBytes.subarray(0, Math.floor((backupBytes.length * part) / 5)),
                'backup.sqlite',
              ),
            ),
        );
        cases.push(
          fc.constant(
            upload('a SQLite file of something else', emptySqliteFile(), '../../trainer.sqlite'),
          ),
        );
      }
    }

    if (cases.length === 0) return undefined;
    // Each kind of breakage at least twice, whatever the random runs pick.
    for (const [i, arb] of cases.entries())
      examples.push(...fc.sample(arb, { seed: SEED + i, numRuns: 2 }));
    return { arbitrary: fc.oneof(...cases), examples };
  }

  // A public operation that reads no parameters and no body has no input to get wrong.
  const withInput = operations.filter(
    (op) => op.access !== 'public' || op.hasParameters || op.bodyTypes.length > 0,
  );

  it.each(withInput.map((op) => [op.operationId, op] as const))(
    '%s answers bad input with a 4xx and {detail}, and changes nothing',
    async (_, op) => {
      const derived = badRequests(op);
      if (!derived) throw new Error(`no bad input derived for ${op.operationId}`);
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(derived.arbitrary, async (bad) => {
          const response = await t.app.inject({
            method: bad.method as 'GET',
            url: bad.url,
            headers: bad.headers,
            ...(bad.payload === undefined ? {} : { payload: bad.payload }),
          });
          const type = String(response.headers['content-type'] ?? '');
          const detail = type.includes('json')
            ? (response.json() as { detail?: unknown }).detail
            : undefined;
          const ok =
            response.statusCode >= 400 &&
            response.statusCode < 500 &&
            typeof detail === 'string' &&
            detail.length > 0;
          if (!ok) {
            throw new Error(
              `${bad.kind}: ${bad.method} ${bad.url.slice(0, 200)} answered ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
          }
        }),
        {
          seed: SEED,
          numRuns: RUNS + derived.examples.length,
          examples: derived.examples.map((example) => [example] as [BadRequest]),
          endOnFailure: true,
        },
      );
      expect(await snapshot()).toEqual(before);
    },
  );

  it('a health check has no input to get wrong, and path traversal after it is a 404', async () => {
    for (const tail of TRAVERSALS) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/health/${tail}` });
      expect(response.statusCode, tail).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, tail).toBeLessThan(500);
    }
  });

  it('a method a path does not offer is a 405 naming the ones it does', async () => {
    const before = await snapshot();
    for (const op of operations) {
      const url = `/api/v1${op.path.replace(/\{[^}]+\}/g, '1')}`;
      const offered = operations
        .filter((other) => other.path === op.path)
        .map((other) => other.method);
      const wrong = ['PATCH', 'PUT', 'DELETE', 'POST'].find((method) => !offered.includes(method));
      if (!wrong) continue;
      const response = await t.app.inject({
        method: wrong as 'PATCH',
        url,
        headers: { authorization: `Bearer ${tokens.admin}` },
      });
      expect(response.statusCode, `${wrong} ${url}`).toBe(405);
      expect(response.headers.allow, url).toContain(op.method);
      expect(response.json<{ detail: string }>().detail).toContain(op.method);
    }
    const questions = await t.app.inject({ method: 'PATCH', url: '/api/v1/questions/?page=2' });
    expect(questions.statusCode).toBe(405);
    expect(questions.headers.allow).toBe('GET');
    const nowhere = await t.app.inject({ method: 'PATCH', url: '/api/v1/no-such-operation' });
    expect(nowhere.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('an update of a row that exists, sent without a body, is a 400 and changes nothing', async () => {
    const auth = { authorization: `Bearer ${tokens.admin}` };
    const firstId = async (url: string, list: (body: any) => { id: number }[]) =>
      list((await t.api('GET', url, { token: tokens.admin })).body)[0]?.id;
    const question = await firstId('/admin/questions?limit=1', (body) => body.questions);
    const topic = await firstId('/training-topics', (body) => body);
    const setting = await firstId('/settings', (body) => body);
    const before = await snapshot();
    for (const url of [
      `/api/v1/admin/questions/${question}`,
      `/api/v1/training-topics/${topic}`,
      `/api/v1/settings/${setting}`,
      '/api/v1/settings/key/site_name',
    ]) {
      const response = await t.app.inject({ method: 'PUT', url, headers: auth });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ detail: string }>().detail, url).toMatch(/request body/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a body of a type the API only sends (a CSV, a photo, a backup) is a 415', async () => {
    const before = await snapshot();
    for (const type of ['text/csv', 'image/*', 'application/vnd.sqlite3']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/training-topics/import-csv',
        headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': type },
        payload: 'name,question_ids\nSigns,"[1]"\n',
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json<{ detail: string }>().detail, type).toContain(type);
    }
    expect(await snapshot()).toEqual(before);
  });
});

/** A valid SQLite file with none of the app's tables. */
function emptySqliteFile(): Buffer {
  const db = new SqliteDatabase(':memory:');
  db.exec(
    "create table notes (id integer primary key, body text); insert into notes (body) values ('x')",
  );
  const bytes = db.serialize();
  db.close();
  return bytes;
}
