import { describe, expect, it } from 'vitest';
import { validationDetail, validationField } from './validation-detail';

const englishDetail = (...args: Parameters<typeof validationDetail>) =>
  validationDetail(...args).in('en');

describe('a schema failure worded for the caller', () => {
  it('names a field inside lists and objects as a reader writes it', () => {
    expect(
      englishDetail('body', {
        keyword: 'minItems',
        instancePath: '/answers/0/selected_answers',
        params: { limit: 1 },
      }),
    ).toBe('"answers[0].selected_answers" must hold at least 1 item');
    expect(
      englishDetail('body', {
        keyword: 'required',
        instancePath: '/answers/2',
        params: { missingProperty: 'question_id' },
      }),
    ).toBe('The object "answers[2]" lacks the required field "question_id"');
  });

  it('says what the whole body or query must be when no field is named', () => {
    expect(
      englishDetail('body', { keyword: 'type', instancePath: '', params: { type: 'object' } }),
    ).toBe('The request body must be an object');
    expect(
      englishDetail('querystring', {
        keyword: 'enum',
        instancePath: '/mode',
        params: { allowedValues: ['training', 'all-questions'] },
      }),
    ).toBe('"mode" must be one of: training, all-questions');
    expect(englishDetail(undefined, undefined)).toBe('The request is not valid');
  });

  it("keeps Ajv's own words for a rule it has no wording for", () => {
    expect(
      englishDetail('body', {
        keyword: 'oneOf',
        instancePath: '/x',
        message: 'must match exactly one schema',
      }),
    ).toBe('"x" must match exactly one schema');
  });

  it('names the body field a form would mark, and none for the query or the body as a whole', () => {
    expect(validationField('body', { keyword: 'maxLength', instancePath: '/question_text' })).toBe(
      'question_text',
    );
    expect(
      validationField('body', { keyword: 'minItems', instancePath: '/answers/0/selected_answers' }),
    ).toBe('answers');
    expect(
      validationField('body', {
        keyword: 'required',
        instancePath: '',
        params: { missingProperty: 'name' },
      }),
    ).toBe('name');
    expect(
      validationField('body', {
        keyword: 'additionalProperties',
        instancePath: '',
        params: { additionalProperty: 'x' },
      }),
    ).toBeUndefined();
    expect(
      validationField('querystring', { keyword: 'enum', instancePath: '/mode' }),
    ).toBeUndefined();
  });
});
