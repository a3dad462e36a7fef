import { text, type Text } from '../i18n/text';

/** The parts of an Ajv error the detail is worded from. */
export interface SchemaError {
  keyword: string;
  instancePath?: string;
  params?: Record<string, unknown>;
  message?: string;
}

const PLACES: Record<string, Text> = {
  body: text('placeBody'),
  querystring: text('placeQuery'),
  params: text('placePath'),
  headers: text('placeHeaders'),
};

const TYPES: Record<string, Text> = {
  string: text('typeString'),
  integer: text('typeInteger'),
  number: text('typeNumber'),
  boolean: text('typeBoolean'),
  array: text('typeArray'),
  object: text('typeObject'),
};

/** `/answers/0/question_id` → `answers[0].question_id`. */
function fieldOf(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(
      (path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part),
      '',
    );
}

/**
 * A schema failure worded for whoever sent the request: which field, and what it must be
 * ("username" must be at most 50 characters long), in place of Ajv's "body/username must NOT
 * have more than 50 characters". A field's name stays as the contract spells it.
 */
export function validationDetail(
  context: string | undefined,
  error: SchemaError | undefined,
): Text {
  const place = PLACES[context ?? ''] ?? text('placeRequest');
  if (!error) return text('notValid', { subject: place });
  const params = error.params ?? {};
  const path = fieldOf(error.instancePath ?? '');
  const subject = path ? `"${path}"` : place;
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'required': {
      const field = String(params.missingProperty);
      return path
        ? text('objectLacksField', { subject, field })
        : text('lacksField', { subject, field });
    }
    case 'additionalProperties':
      return text('unknownField', { field: String(params.additionalProperty), place: subject });
    case 'type':
      return text('mustBeType', {
        subject,
        type: TYPES[String(params.type)] ?? String(params.type),
      });
    case 'minLength':
      return limit === 1
        ? text('mustNotBeEmpty', { subject })
        : text('minLength', { subject, limit });
    case 'maxLength':
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minItems':
    case 'maxItems':
      return text(error.keyword, { subject, limit });
    case 'decimalInteger':
      return text('decimalInteger', { subject });
    case 'uniqueItems':
      return text('uniqueItems', { subject });
    case 'enum': {
      const allowed = (params.allowedValues as unknown[] | undefined) ?? [];
      return text('oneOf', { subject, values: allowed.map(String).join(', ') });
    }
    case 'pattern':
      return text('pattern', { subject, pattern: String(params.pattern) });
    case 'format':
      return text('format', { subject, format: String(params.format) });
    default:
      return text('otherRule', { subject, message: error.message ?? 'is not valid' });
  }
}

/**
 * The top-level body field a schema failure is about (`question_text`), so a form can say it
 * at that field; undefined outside the body, for the body as a whole, or for a field the
 * contract does not know (an unknown field is the sender's mistake, not a form's).
 */
export function validationField(
  context: string | undefined,
  error: SchemaError | undefined,
): string | undefined {
  if (context !== 'body' || !error) return undefined;
  const [first] = fieldOf(error.instancePath ?? '').split(/[.[]/);
  if (first) return first;
  return error.keyword === 'required' ? String(error.params?.missingProperty) : undefined;
}
