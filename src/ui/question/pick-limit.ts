import { useState } from 'react';
import { useTranslation } from '../../i18n/react';

/**
 * Says why a pick did nothing: a question that asks for `asked` answers (two or more) takes no
 * more until one is taken back (`toggleAnswer`), and a click or key that changes nothing should
 * not leave the learner guessing. `check` is given each pick before it is sent; `text` says it
 * until the picks change, else null.
 */
export function usePickLimit(
  questionId: number | null,
  selected: readonly number[],
  asked: number,
): { check: (answer: number) => void; text: string | null } {
  const { t } = useTranslation('parts');
  const [refusedAt, setRefusedAt] = useState<string | null>(null);
  const at = `${questionId}:${selected.join(',')}`;
  const full = asked > 1 && selected.length >= asked;
  return {
    check: (answer) => {
      if (full && !selected.includes(answer)) setRefusedAt(at);
    },
    text: refusedAt === at ? t('answers.pickLimit', { n: asked }) : null,
  };
}
