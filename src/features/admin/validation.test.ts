import { describe, expect, it } from 'vitest';
import { parseQuestionIds, settingValueProblem } from './validation';

describe('admin form checks', () => {
  it('asks for a value of every setting (the spec requires one), then checks it against its type as the server does', () => {
    expect(settingValueProblem('anything at all', 'string')).toBeNull();
    expect(settingValueProblem('', 'string')).toBe('required');
    expect(settingValueProblem(' ', 'string')).toBe('required');
    expect(settingValueProblem('42', 'number')).toBeNull();
    expect(settingValueProblem('-1.5e3', 'number')).toBeNull();
    expect(settingValueProblem('0x10', 'number')).toBe('notNumber');
    expect(settingValueProblem(' 7', 'number')).toBe('notNumber');
    expect(settingValueProblem('', 'number')).toBe('required');
    expect(settingValueProblem('  ', 'number')).toBe('required');
    expect(settingValueProblem('true', 'boolean')).toBeNull();
    expect(settingValueProblem('yes', 'boolean')).toBe('notBoolean');
    expect(settingValueProblem('', 'boolean')).toBe('required');
    expect(settingValueProblem('{"a":[1,2]}', 'json')).toBeNull();
    expect(settingValueProblem('{a:1}', 'json')).toBe('notJson');
    expect(settingValueProblem('', 'json')).toBe('required');
  });

  it('reads question IDs leniently, as the spec reads a topic: a JSON array, or commas, semicolons and spaces', () => {
    expect(parseQuestionIds('[1,2,3]')).toEqual({ ok: true, ids: [1, 2, 3] });
    expect(parseQuestionIds(' [3, 3, 1] ')).toEqual({ ok: true, ids: [3, 1] });
    expect(parseQuestionIds('1, 2, 3')).toEqual({ ok: true, ids: [1, 2, 3] });
    expect(parseQuestionIds('1;2;3')).toEqual({ ok: true, ids: [1, 2, 3] });
    expect(parseQuestionIds(' 4\n5  6,\t7; ')).toEqual({ ok: true, ids: [4, 5, 6, 7] });
    expect(parseQuestionIds('')).toEqual({ ok: false, problem: 'required' });
    expect(parseQuestionIds('[]')).toEqual({ ok: false, problem: 'required' });
    expect(parseQuestionIds(' , ; ')).toEqual({ ok: false, problem: 'required' });
    expect(parseQuestionIds('{"a":1}')).toEqual({ ok: false, problem: 'notIds' });
    expect(parseQuestionIds('[1,2')).toEqual({ ok: false, problem: 'format' });
    expect(parseQuestionIds('[1,"2"]')).toEqual({ ok: false, problem: 'notIds' });
    expect(parseQuestionIds('1, two, 3')).toEqual({ ok: false, problem: 'notIds' });
    expect(parseQuestionIds('[0]')).toEqual({ ok: false, problem: 'notIds' });
    expect(parseQuestionIds('1.5')).toEqual({ ok: false, problem: 'notIds' });
    // As a Chinese input method types them: full-width digits and separators, the ideographic comma.
    expect(parseQuestionIds('1，2；3')).toEqual({ ok: true, ids: [1, 2, 3] });
    expect(parseQuestionIds('１、２、３')).toEqual({ ok: true, ids: [1, 2, 3] });
    expect(parseQuestionIds('［4，5］')).toEqual({ ok: true, ids: [4, 5] });
  });
});
