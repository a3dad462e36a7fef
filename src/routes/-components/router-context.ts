import type { ApiClient } from '../../api';
import type { AuthActor } from '../../lib/auth';

/** What every route's beforeLoad and loader receive. */
export interface RouterContext {
  auth: AuthActor;
  api: ApiClient;
}
