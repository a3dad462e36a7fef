import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { useApi } from '../../lib/api-context';
import { useSendKeptWorkNow } from '../../lib/pending-results';
import { Button } from '../button/Button';
import { Notice } from './Card';
import * as styles from './kept-work-notice.css';

/**
 * Says that work kept in this browser waits for the server, with a button to send it now
 * instead of waiting for the next automatic try, and what came of that try when it failed.
 */
export function KeptWorkNotice({
  userId,
  text,
  testId,
}: {
  userId: number | null;
  text: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('parts');
  const { send, sending, failed } = useSendKeptWorkNow(useApi(), userId);
  return (
    <Notice
      tone="warning"
      testId={testId}
      className={styles.keptNotice}
      text={
        <>
          {text}
          {failed && !sending && <> {t('kept.notYet')}</>}
        </>
      }
    >
      {userId !== null && (
        <Button variant="secondary" size="sm" loading={sending} onClick={send}>
          {t('kept.sendNow')}
        </Button>
      )}
    </Notice>
  );
}
