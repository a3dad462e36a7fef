import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { KeptForLater, logCallFailure } from './call-failure-log';

afterEach(() => vi.restoreAllMocks());

describe('logging a call the screen works without', () => {
  it('warns in one line when the work waits in the browser or no answer came (offline use)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    logCallFailure({
      where: 'practice.updateWeakSpot',
      error: new KeptForLater('Kept for later.'),
    });
    logCallFailure({ where: 'exam.submitResult', error: new ApiError(0, null) });
    expect(warn.mock.calls).toEqual([
      ['[practice.updateWeakSpot] Kept for later.'],
      ['[exam.submitResult] Request failed with status 0'],
    ]);
    expect(error).not.toHaveBeenCalled();
  });

  it('logs a refusal or a fault as an error, with the error itself', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refusal = new ApiError(422, 'Question 9 does not exist.');
    logCallFailure({ where: 'practice.updateWeakSpot', error: refusal });
    expect(error.mock.calls).toEqual([['[practice.updateWeakSpot]', refusal]]);
    expect(warn).not.toHaveBeenCalled();
  });
});
