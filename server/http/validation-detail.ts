/** The parts of an Ajv error the detail is worded from. */
export interface SchemaError {
  keyword: string;
  instancePath?: string;
  params?: Record<string, unknown>;
  message?: string;
}

const PLACES: Record<string, string> = {
  body: 'The request body',
  querystring: 'The query',
  params: 'The path',
  headers: 'The headers',
};

const TYPES: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
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

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/**
 * A schema failure worded for whoever sent the request: which field, and what it must be
 * ("username must be at most 50 characters long"), in place of Ajv's "body/username must NOT
 * have more than 50 characters".
 */
export function validationDetail(
  context: string | undefined,
  error: SchemaError | undefined,
): string {
  const place = PLACES[context ?? ''] ?? 'The request';
  if (!error) return `${place} is not valid`;
  const params = error.params ?? {};
  const path = fieldOf(error.instancePath ?? '');
  const subject = path ? `"${path}"` : place;
  const inside = path ? `"${path}"` : place.replace(/^The/, 'the');
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'required':
      return `${subject === place ? place : `The object ${subject}`} lacks the required field "${String(params.missingProperty)}"`;
    case 'additionalProperties':
      return `The field "${String(params.additionalProperty)}" is not known in ${inside}`;
    case 'type':
      return `${subject} must be ${TYPES[String(params.type)] ?? String(params.type)}`;
    case 'minLength':
      return limit === 1
        ? `${subject} must not be empty`
        : `${subject} must be at least ${plural(limit, 'character')} long`;
    case 'maxLength':
      return `${subject} must be at most ${plural(limit, 'character')} long`;
    case 'minimum':
      return `${subject} must be at least ${limit}`;
    case 'maximum':
      return `${subject} must be at most ${limit}`;
    case 'exclusiveMinimum':
      return `${subject} must be more than ${limit}`;
    case 'exclusiveMaximum':
      return `${subject} must be less than ${limit}`;
    case 'minItems':
      return `${subject} must hold at least ${plural(limit, 'item')}`;
    case 'maxItems':
      return `${subject} must hold at most ${plural(limit, 'item')}`;
    case 'uniqueItems':
      return `${subject} must not hold the same item twice`;
    case 'enum':
      return `${subject} must be one of: ${((params.allowedValues as unknown[] | undefined) ?? []).map(String).join(', ')}`;
    case 'pattern':
      return `${subject} must match the pattern ${String(params.pattern)}`;
    case 'format':
      return `${subject} must be a valid ${String(params.format)}`;
    default:
      return `${subject} ${error.message ?? 'is not valid'}`;
  }
}
