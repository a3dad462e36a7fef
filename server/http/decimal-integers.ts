import type { ErrorObject, ValidateFunction } from 'ajv';

/** A whole number as people write one: decimal digits, with a minus sign when negative. */
const DECIMAL_INTEGER = /^-?\d+$/;

/** Ajv judges what is not text; text must be decimal digits. */
function isDecimalOrNotText(value: unknown): boolean {
  return typeof value !== 'string' || DECIMAL_INTEGER.test(value);
}

interface ParameterSchema {
  properties?: Record<string, { type?: string | string[] }>;
}

function integerNames(schema: unknown): string[] {
  const properties = (schema as ParameterSchema | undefined)?.properties ?? {};
  return Object.entries(properties)
    .filter(([, property]) => [property.type].flat().includes('integer'))
    .map(([name]) => name);
}

/**
 * Wraps the validator of a path or query schema so an integer parameter written as anything but
 * decimal digits is refused. Ajv coerces whatever `Number()` reads: '0x10' as 16, '1e1', ' 1',
 * '+1', '5.'; so DELETE /admin/questions/0x10 would delete question 16.
 */
export function decimalIntegers(validate: ValidateFunction, schema: unknown): ValidateFunction {
  const names = integerNames(schema);
  if (names.length === 0) return validate;
  const strict = ((data: Record<string, unknown> | undefined) => {
    for (const name of names) {
      // Runs on every request with parameters: nothing is allocated for a single value.
      const given = data?.[name];
      if (Array.isArray(given) ? !given.every(isDecimalOrNotText) : !isDecimalOrNotText(given)) {
        const error: ErrorObject = {
          instancePath: `/${name}`,
          schemaPath: `#/properties/${name}/type`,
          keyword: 'decimalInteger',
          params: {},
          message: 'must be a whole number written in decimal digits',
        };
        strict.errors = [error];
        return false;
      }
    }
    const valid = validate(data);
    strict.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  return strict;
}
