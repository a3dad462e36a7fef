import { existsSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { type AppDatabase, migrateToLatest, openDatabase } from './db/database';
import type { Revisions } from './db/revisions';
import { seedDatabase } from './db/seed/seed';
import { type AppDeps, createAuditLog } from './deps';
import { OneLinePerRequest } from './http/access-log';
import {
  type ContractOperation,
  contractOperation,
  contractPart,
  loadContract,
  methodsAt,
} from './http/contract';
import { registerErrorHandling, sendDetail } from './http/error-handler';
import { text, type Text } from './i18n/text';
import type { Caller, OperationHandlers, OperationId } from './http/operations';
import { authenticate, callerReader } from './http/authenticate';
import {
  answerClientError,
  answerUnknownExpectations,
  refusedWithoutHost,
} from './http/client-errors';
import { compressJson } from './http/compress-json';
import { decimalIntegers } from './http/decimal-integers';
import { API_HEADERS, securityHeaders } from './http/security-headers';
import {
  leaveMultipartUnread,
  refuseMultipartForJson,
  refuseSentOnlyBodies,
  requireBody,
} from './http/json-bodies';
import { rejectUnstorableText } from './http/text-characters';
import { spaPage } from './http/spa-page';
import {
  createDatabaseLimitStore,
  createLimiter,
  createRedisLimitStore,
  type LimitPolicies,
  limitPolicies,
  limitsOf,
} from './http/rate-limits';
import { createTokenService } from './http/tokens';
import { UPLOAD_LIMIT } from './http/uploads';
import { createAuthHandlers } from './modules/auth/auth.routes';
import { createExamHandlers } from './modules/exams/exams.routes';
import { createQuestionBank } from './modules/questions/question-bank';
import { createQuestionHandlers } from './modules/questions/questions.routes';
import { createMaintenanceHandlers } from './modules/maintenance/maintenance.routes';
import { createSettingsHandlers, publicSettingsReader } from './modules/settings/settings.routes';
import { createSystemHandlers } from './modules/system/system.routes';
import { createTicketHandlers } from './modules/tickets/tickets.routes';
import { createTopicHandlers } from './modules/topics/topics.routes';
import { createCourseHandlers } from './modules/courses/courses.routes';
import { createTrainingHandlers } from './modules/training-modules/training-modules.routes';
import { createUserHandlers } from './modules/users/users.routes';
import { createReadinessHandlers } from './modules/readiness/readiness.routes';
import { createBookmarkHandlers } from './modules/bookmarks/bookmarks.routes';
import { CONTRACT_PATH, ROOT } from './paths';
import type { TrustedProxies } from './config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's database, for tools and tests working beside the API (never a second handle). */
    database: AppDatabase;
  }
  interface FastifyRequest {
    caller: Caller | null;
    /**
     * The cached sets' revisions, read with the caller (null on a guest's request): a read-only
     * handler passes them to `bank.snapshot` instead of reading them again.
     */
    revisions: Revisions | null;
  }
}

export interface AppOptions {
  dataDir: string;
  jwtSecret: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL schema, for isolated test databases. */
  pgSchema?: string | undefined;
  adminPassword?: string | undefined;
  seedDemo?: boolean;
  /** Pino's options; `stream` (where lines go, stdout by default) lets tests read them. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /**
   * Attempts every shared limit lets through per window (sign-in, registration, password
   * guesses, session starts; see http/rate-limits.ts); tests raise it so they are not throttled.
   * Unset, each limit's own.
   */
  authRateLimit?: number;
  /** Limits set precisely, over `authRateLimit` (tests of the limits themselves). */
  rateLimits?: Partial<LimitPolicies>;
  /** Counts the limits in Redis (`redis://`) instead of the database. */
  redisUrl?: string | undefined;
  /**
   * The proxies whose `X-Forwarded-For` names the client (Fastify's `trustProxy`): hops, or
   * addresses and ranges. Unset, the connection's address is the client's.
   */
  trustProxy?: TrustedProxies | undefined;
  /** The prefix of the limits' keys in Redis (tests keep apart this way). */
  redisKeyPrefix?: string;
  /** Prints the generated administrator password once (main.ts); tests pass their own. */
  onAdminCreated?: (password: string) => void;
  now?: () => Date;
}

export const SPA_DIR = path.join(ROOT, 'dist');
const LOCALES_DIR = path.join(ROOT, 'public', 'locales');
const API_PREFIX = '/api/v1/';
const JSON_BODY_LIMIT = 1024 * 1024;

/** Builds the whole app (API, SPA, docs) without listening; main.ts and tests call it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    logController: new OneLinePerRequest(),
    // Malformed requests, a missing Host and an unknown Expect are answered with {detail} too.
    clientErrorHandler: answerClientError,
    http: { requireHostHeader: false },
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ajv: { customOptions: { strict: false } },
    // Errors raised before routing (a malformed URL, say) get the same {detail} shape.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply)
        .code(error.statusCode ?? 400)
        .send({ detail: error.message.replace(/^FST_\w+: /, '') });
    },
  });
  applyContractValidation(app);
  // The API speaks JSON (and multipart uploads): a text/plain body is refused with 415, never
  // mistaken for an absent optional body.
  app.removeContentTypeParser('text/plain');

  const database: AppDatabase = openDatabase({
    ...options,
    onConnectionError: (error) =>
      app.log.warn({ err: error }, 'database connection lost; the pool opens another'),
    onCommitError: (error) =>
      app.log.error({ err: error }, 'database: a failed commit could not be rolled back'),
  });
  app.decorate('database', database);
  app.addHook('onClose', () => database.close());
  await migrateToLatest(database.db, database.pgSchema);

  const now = options.now ?? (() => new Date());
  const deps: AppDeps = {
    db: database.db,
    database,
    dataDir: options.dataDir,
    tokens: createTokenService(options.jwtSecret),
    bank: createQuestionBank(database.db),
    audit: createAuditLog(database.db, now),
    now,
    startedAt: now(),
  };
  await seedDatabase(deps, {
    adminPassword: options.adminPassword,
    seedDemo: options.seedDemo ?? true,
    onAdminCreated: options.onAdminCreated,
  });

  registerErrorHandling(app);
  app.decorateRequest('caller', null);
  app.decorateRequest('revisions', null);
  const pageHeaders = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Charts and Radix set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(API_PREFIX) ? API_HEADERS : pageHeaders);
    if (!refusedWithoutHost(request, reply)) done();
  });
  answerUnknownExpectations(app);

  const handlers: OperationHandlers = {
    ...createSystemHandlers(deps),
    ...createAuthHandlers(deps),
    ...createUserHandlers(deps),
    ...createQuestionHandlers(deps),
    ...createExamHandlers(deps),
    ...createTicketHandlers(deps),
    ...createTopicHandlers(deps),
    ...createCourseHandlers(deps),
    ...createSettingsHandlers(deps),
    ...createMaintenanceHandlers(deps),
    ...createTrainingHandlers(deps),
    ...createReadinessHandlers(deps),
    ...createBookmarkHandlers(deps),
  };
  const readCaller = callerReader(deps);
  // Counted where every process of the deployment sees the counts: Redis when given, else the
  // database (shared on PostgreSQL; on SQLite one process holds the file anyway).
  const logLimitsError = (error: unknown) =>
    app.log.warn({ err: error }, 'rate limits: the store failed');
  const limitStore = options.redisUrl
    ? createRedisLimitStore(options.redisUrl, {
        onError: logLimitsError,
        ...(options.redisKeyPrefix ? { prefix: options.redisKeyPrefix } : {}),
      })
    : createDatabaseLimitStore(database.db, logLimitsError);
  app.addHook('onClose', () => limitStore.close());
  const limiter = createLimiter(
    limitStore,
    limitPolicies(options.authRateLimit, options.rateLimits),
    () => now().getTime(),
    logLimitsError,
  );

  await app.register(async (api) => {
    // A reply may tell of what this turn's transactions wrote, its own or another request's it
    // read: it leaves once that is committed (db/group-commit.ts), and a failed commit is
    // answered as the error it is. One hook with the compression: each costs every reply.
    api.addHook('onSend', (request, reply, payload, done) => {
      const commit = database.uncommitted();
      if (!commit) compressJson(request, reply, payload, done);
      else commit.then(() => compressJson(request, reply, payload, done), done);
    });
    refuseSentOnlyBodies(api);
    // Multipart bodies are read by their handlers as streams; only their JSON twins are validated.
    api.addHook('onRoute', (route: RouteOptions) => {
      const body = route.schema?.body as { content?: Record<string, unknown> } | undefined;
      if (body?.content?.['multipart/form-data']) delete route.schema?.body;
    });
    const operationResolver = (operationId: string) => {
      const id = operationId as OperationId;
      const operation = contractOperation(id);
      const handler = handlers[id] as (context: unknown) => Promise<unknown>;
      const limits = limitsOf(id);
      const takesJson = operation.bodyTypes.length > 0 && !operation.multipart;
      // Only the checks this operation's input needs: a hook costs every request it runs on.
      const preValidation = [
        ...(takesJson ? [refuseMultipartForJson] : []),
        ...(takesJson && operation.bodyRequired ? [requireBody] : []),
        ...(takesJson || operation.hasParameters ? [rejectUnstorableText] : []),
      ];
      const route = {
        onRequest: authenticate(readCaller, operation.access),
        ...(preValidation.length > 0 ? { preValidation } : {}),
        // After validation: a sign-in's account name is read from its checked body.
        ...(limits
          ? {
              preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
                for (const { name, subject } of limits(request))
                  await limiter.take(name, subject, reply);
              },
            }
          : {}),
        handler: async (request: FastifyRequest, reply: FastifyReply) => {
          const result = await handler({
            request,
            reply,
            params: request.params,
            query: request.query,
            body: request.body,
            caller: request.caller,
          });
          // A limit of failures alone gives back the attempt that succeeded (a sign-in).
          if (limits) {
            for (const { name, subject, failuresOnly } of limits(request))
              if (failuresOnly) await limiter.giveBack(name, subject);
          }
          if (result === reply) return reply;
          reply.code(operation.successStatus);
          return result;
        },
      };
      // The resolver may return partial route options; glue fills in method, url and schema.
      return route as unknown as RouteOptions;
    };
    const routes = (keep: (operation: ContractOperation) => boolean) => ({
      specification: contractPart(keep),
      prefix: '/api/v1',
      operationResolver,
    });
    // The multipart parser for the uploads alone: its hooks (a listener on every reply, a
    // clean-up after it) would cost every request of the API.
    await api.register(async (uploads) => {
      await uploads.register(multipart, {
        limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 10 },
      });
      await uploads.register(
        openapiGlue,
        routes((operation) => operation.multipart),
      );
    });
    await api.register(async (rest) => {
      leaveMultipartUnread(rest);
      await rest.register(
        openapiGlue,
        routes((operation) => !operation.multipart),
      );
    });
  });

  // Photos are also served outside the API base, where question `photo` names point.
  app.get('/images/questions/:name', async (request, reply) =>
    reply.redirect(
      `/api/v1/images/questions/${encodeURIComponent((request.params as { name: string }).name)}`,
      301,
    ),
  );

  await app.register(swagger, {
    mode: 'static',
    specification: { path: CONTRACT_PATH, baseDir: path.dirname(CONTRACT_PATH) },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(fastifyStatic, {
    root: LOCALES_DIR,
    prefix: '/locales/',
    decorateReply: false,
    maxAge: '1h',
  });
  if (existsSync(SPA_DIR)) {
    // The build's few top-level files, one route each, found once at start.
    await app.register(fastifyStatic, {
      root: SPA_DIR,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['assets/**'],
    });
    // The hashed assets are looked up per request: after a rebuild while the server runs, the
    // page it picks up (see spaPage) names assets that did not exist at start.
    await app.register(fastifyStatic, {
      root: path.join(SPA_DIR, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      preCompressed: true,
      // Hashed names never change content; index.html is sent with no-cache below.
      setHeaders: (res) => res.header('cache-control', 'public, max-age=31536000, immutable'),
    });
  }
  // Without a build at startup there are no assets to serve, so there is no page either.
  const sendPage = existsSync(SPA_DIR)
    ? spaPage(SPA_DIR, publicSettingsReader(deps.db))
    : async () => false;
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/locales/') &&
      !request.url.startsWith('/images/') &&
      // A chunk missing after a deploy must fail as a 404, not load as HTML into a script tag.
      !request.url.startsWith('/assets/');
    if (wantsPage && (await sendPage(request, reply))) return reply;
    const allowed = request.url.startsWith(API_PREFIX)
      ? methodsAt(request.url.slice(API_PREFIX.length - 1).split('?')[0] ?? '')
      : [];
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      const [first = '', ...others] = allowed;
      const choices = others.reduce<Text | string>(
        (listed, method) => text('or', { first: listed, second: method }),
        first,
      );
      reply.header('allow', allowed.join(', '));
      return sendDetail(
        request,
        reply,
        405,
        text('methodNotAllowedHere', {
          method: request.method,
          allowed: choices,
        }),
      );
    }
    return sendDetail(request, reply, 404, text('notFound'));
  });

  loadContract();
  return app;
}

/**
 * Bodies are checked strictly (no type coercion, unknown fields refused); parameters coerce
 * from their query-string text, integers from decimal digits only. Both follow JSON Schema 2020-12, as OpenAPI 3.1 does.
 */
function applyContractValidation(app: FastifyInstance) {
  const make = (coerce: boolean) => {
    const ajv = new Ajv2020({
      strict: false,
      allErrors: false,
      useDefaults: true,
      removeAdditional: false,
      coerceTypes: coerce ? 'array' : false,
    });
    addFormats.default(ajv);
    return ajv;
  };
  const bodies = make(false);
  const params = make(true);
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? bodies.compile(schema) : decimalIntegers(params.compile(schema), schema),
  );
}
