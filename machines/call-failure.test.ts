import { describe, expect, it } from 'vitest';
import { callFailureOf } from './call-failure';

/** A rejection shaped as the API client's ApiError. */
const refusal = (status: number, detail: string | null, cause?: unknown) =>
  Object.assign(new Error('refused'), { status, detail, cause });

describe('callFailureOf', () => {
  it("keeps the server's reason for a refusal and for an outage it words for people", () => {
    expect(callFailureOf(refusal(409, 'The bank has no questions yet'))).toEqual({
      detail: 'The bank has no questions yet',
      unreachable: null,
    });
    expect(callFailureOf(refusal(503, 'The database is not available'))).toEqual({
      detail: 'The database is not available',
      unreachable: null,
    });
  });

  it("leaves out a server fault's generic words, for the screen's own", () => {
    expect(callFailureOf(refusal(500, 'Internal server error'))).toEqual({
      detail: null,
      unreachable: null,
    });
  });

  it('says that no answer came, and whether the wait ran out', () => {
    expect(callFailureOf(refusal(0, null))).toEqual({ detail: null, unreachable: 'network' });
    const timedOut = Object.assign(new Error('timed out'), { name: 'TimeoutError' });
    expect(callFailureOf(refusal(0, null, timedOut))).toEqual({
      detail: null,
      unreachable: 'timeout',
    });
  });
});
