import { useSelector } from '@xstate/react';
import type { ComponentType } from 'react';
import type { ContentLanguage } from '../../../domain/question-languages';
import { selectScreen, type TrainingScreen } from '../../../machines/training.selectors';
import { DEFAULT_MODE_FACTS, type ModeFacts } from './mode-facts';
import type { TrainingActor } from './training.actors';
import type { TrainingNavigation } from './use-training-url';
import type { TrainingScreenProps } from './screens/common';
import { ModeIntro } from './screens/ModeIntro';
import { ModeSelection } from './screens/ModeSelection';
import { PracticeScreen } from './screens/PracticeScreen';
import { TicketList, TopicList } from './screens/SetList';

/**
 * Each screen the training machine names (its `screen:*` tags), one module each in `screens/`.
 * A new screen is a tag, its name in `TrainingScreen`, and its component here.
 */
const SCREENS: Record<TrainingScreen, ComponentType<TrainingScreenProps>> = {
  selection: ModeSelection,
  intro: ModeIntro,
  ticketList: TicketList,
  topicList: TopicList,
  practice: PracticeScreen,
};

/**
 * Renders the training actor's state. Moving between the steps (a mode, a ticket or topic, back
 * up) goes through `navigation`, which the actor follows; the rest is sent to the actor.
 */
export function TrainingView({
  actor,
  navigation,
  userId,
  facts = DEFAULT_MODE_FACTS,
  cameBack = null,
  reading = null,
}: {
  actor: TrainingActor;
  navigation: TrainingNavigation;
  userId: number | null;
  facts?: ModeFacts;
  /** Set (to its dismissal) when the header's link came back to an unfinished run. */
  cameBack?: (() => void) | null;
  /** The language the learner reads questions in now; null while unknown. */
  reading?: ContentLanguage | null;
}) {
  const Screen = SCREENS[useSelector(actor, selectScreen)];
  return (
    <Screen
      actor={actor}
      navigation={navigation}
      userId={userId}
      facts={facts}
      cameBack={cameBack}
      reading={reading}
    />
  );
}
