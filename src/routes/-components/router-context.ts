import type { i18n as I18n } from 'i18next';
import type { ApiClient } from '../../api';
import type { AuthActor } from '../../lib/auth';

/** What every route's beforeLoad and loader receive. */
export interface RouterContext {
  auth: AuthActor;
  api: ApiClient;
  /** Route loaders fetch their page's namespaces with it (see `translations`). */
  i18n: I18n;
}
