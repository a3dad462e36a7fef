import type { i18n as I18n } from 'i18next';
import type { ApiClient } from '../../api';
import type { Session } from '../../lib/session';

/** What every route's beforeLoad and loader receive. */
export interface RouterContext {
  session: Session;
  api: ApiClient;
  /** Route loaders fetch their page's namespaces with it (see `translations`). */
  i18n: I18n;
}
