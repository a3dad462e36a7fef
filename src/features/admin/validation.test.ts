import { describe, expect, it } from 'vitest';
import {
  parsePoints,
  parseQuestionIds,
  parseRightAnswers,
  settingValueProblem,
} from './validation';

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

  it('reads correct answers such as 1,3 among the answers given', () => {
    const answers = ['Yes', 'No', 'Maybe', '', ''];
    expect(parseRightAnswers('3, 1', answers)).toEqual({ ok: true, value: '1,3' });
    expect(parseRightAnswers('', answers)).toEqual({ ok: false, problem: 'required' });
    expect(parseRightAnswers('1;3', answers)).toEqual({ ok: false, problem: 'format' });
    expect(parseRightAnswers('6', answers)).toEqual({ ok: false, problem: 'format' });
    expect(parseRightAnswers('3，1', answers)).toEqual({ ok: true, value: '1,3' });
    expect(parseRightAnswers('２、１', answers)).toEqual({ ok: true, value: '1,2' });
    expect(parseRightAnswers('4', answers)).toEqual({
      ok: false,
      problem: 'emptyAnswer',
      answer: 4,
    });
  });

  it('takes points from 1 to 100', () => {
    expect(parsePoints('1')).toBe(1);
    expect(parsePoints('100')).toBe(100);
    expect(parsePoints('0')).toBeNull();
    expect(parsePoints('101')).toBeNull();
    expect(parsePoints('2.5')).toBeNull();
  });
});
