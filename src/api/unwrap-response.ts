import type { FetchResult } from './client';
import { ApiError, apiErrorFrom } from './errors';

/**
 * Like `unwrap`, keeping the response (for its headers), and `errorOf` may word a refusal its
 * own way. Apart from `unwrap`, which every page loads: only the admin panel needs this.
 */
export async function unwrapResponse<T>(
  call: Promise<FetchResult<T>>,
  errorOf: (status: number, body: unknown) => ApiError = apiErrorFrom,
): Promise<{ data: T; response: Response }> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch (cause) {
    throw new ApiError(0, null, [], { cause });
  }
  if (result.error !== undefined || !result.response.ok) {
    throw errorOf(result.response.status, result.error);
  }
  return { data: result.data as T, response: result.response };
}
