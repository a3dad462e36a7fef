import { useState } from 'react';
import { answerKeyOf } from '../../../domain/answers';
import { useTranslation } from '../../i18n/react';

/**
 * Says why a pick did nothing: a question that asks for two or more answers (its key's count)
 * takes no more until one is taken back (`toggleAnswer`), and a click or key that changes
 * nothing should not leave the learner guessing. `check` is given each pick before it is sent;
 * `text` says it until the picks change, else null.
 */
export function usePickLimit(
  question: { id: number; right_answers: string } | null,
  options: readonly { number: number; isSelected: boolean }[],
): { check: (answer: number) => void; text: string | null } {
  const { t } = useTranslation('parts');
  const [refusedAt, setRefusedAt] = useState<string | null>(null);
  const selected = options.filter((option) => option.isSelected).map((option) => option.number);
  const asked = question === null ? 0 : answerKeyOf(question.right_answers).length;
  const at = `${question?.id}:${selected.join(',')}`;
  const full = asked > 1 && selected.length >= asked;
  return {
    check: (answer) => {
      if (full && !selected.includes(answer)) setRefusedAt(at);
    },
    text: refusedAt === at ? t('answers.pickLimit', { n: asked }) : null,
  };
}
