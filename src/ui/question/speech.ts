import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * Reading questions aloud (issue 42) through a small interface, so the question component never
 * touches the browser's `speechSynthesis` itself: the app gives the browser's, tests a double
 * that records what it was asked to say.
 */

/** A voice the device offers: its BCP 47 language (`ko-KR`) and its name. */
export interface SpeechVoice {
  lang: string;
  name: string;
}

export interface Utterance {
  text: string;
  /** The BCP 47 language the text is in, asked of the synthesizer. */
  lang: string;
  /** 1 is the voice's normal speed. */
  rate: number;
  /** The voice to read it with; the device's choice when absent. */
  voice?: SpeechVoice | undefined;
}

export interface Speaker {
  /** Whether this browser can speak at all. */
  readonly supported: boolean;
  /** The voices the device has now (some browsers list them only a moment after the page loads). */
  voices(): readonly SpeechVoice[];
  /** Told when the list of voices changes; answers how to stop being told. */
  onVoicesChanged(listener: () => void): () => void;
  /** Reads `utterance`, after stopping whatever was being read; `onEnd` once it is over or stopped. */
  speak(utterance: Utterance, onEnd?: () => void): void;
  /** Stops reading at once. */
  cancel(): void;
}

const NO_VOICES: readonly SpeechVoice[] = [];

/** The browser's `speechSynthesis` behind the Speaker interface; silent where it has none. */
export function browserSpeaker(scope: typeof globalThis = globalThis): Speaker {
  const synthesis = 'speechSynthesis' in scope ? scope.speechSynthesis : undefined;
  const Utterance =
    'SpeechSynthesisUtterance' in scope ? scope.SpeechSynthesisUtterance : undefined;
  if (!synthesis || !Utterance) {
    return {
      supported: false,
      voices: () => NO_VOICES,
      onVoicesChanged: () => () => undefined,
      speak: (_, onEnd) => onEnd?.(),
      cancel: () => undefined,
    };
  }
  let voices: readonly SpeechVoice[] | undefined;
  const deviceVoices = () => synthesis.getVoices();
  return {
    supported: true,
    voices() {
      // Read again until some arrive (Chrome lists none before its voiceschanged); the same
      // list is answered until it changes, as useSyncExternalStore needs.
      if (!voices) {
        const listed = deviceVoices();
        if (listed.length === 0) return NO_VOICES;
        voices = listed.map((voice) => ({ lang: voice.lang, name: voice.name }));
      }
      return voices;
    },
    onVoicesChanged(listener) {
      const changed = () => {
        voices = undefined;
        listener();
      };
      synthesis.addEventListener?.('voiceschanged', changed);
      return () => synthesis.removeEventListener?.('voiceschanged', changed);
    },
    speak({ text, lang, rate, voice }, onEnd) {
      synthesis.cancel();
      const utterance = new Utterance(text);
      utterance.lang = lang;
      utterance.rate = rate;
      const device = voice
        ? deviceVoices().find((candidate) => candidate.name === voice.name)
        : undefined;
      if (device) utterance.voice = device;
      if (onEnd) {
        utterance.onend = () => onEnd();
        utterance.onerror = () => onEnd();
      }
      synthesis.speak(utterance);
    },
    cancel() {
      synthesis.cancel();
    },
  };
}

let appSpeaker: Speaker | undefined;

/** The app's speaker (the browser's), made when first needed. */
function defaultSpeaker(): Speaker {
  appSpeaker ??= browserSpeaker();
  return appSpeaker;
}

const SpeakerContext = createContext<Speaker | null>(null);

/** Gives the question components under it another speaker (a test's double). */
export const SpeakerProvider = SpeakerContext.Provider;

export function useSpeaker(): Speaker {
  return useContext(SpeakerContext) ?? defaultSpeaker();
}

/** The voices `speaker` offers, kept current as the device lists them. */
export function useVoices(speaker: Speaker): readonly SpeechVoice[] {
  return useSyncExternalStore(
    (listener) => speaker.onVoicesChanged(listener),
    () => speaker.voices(),
    () => NO_VOICES,
  );
}

/**
 * The voice to read `language` (`ko`, `zh-CN`) with: one of its language and region, else any of
 * its language; undefined when the device has none.
 */
export function voiceFor(
  voices: readonly SpeechVoice[],
  language: string,
): SpeechVoice | undefined {
  const wanted = language.toLowerCase();
  const base = wanted.split('-')[0] ?? wanted;
  const tagOf = (voice: SpeechVoice) => voice.lang.toLowerCase().replace('_', '-');
  return (
    voices.find((voice) => tagOf(voice) === wanted) ??
    voices.find((voice) => tagOf(voice).split('-')[0] === base)
  );
}

/** Speech rates a learner may choose, slow to fast. */
export const SPEECH_RATES = [0.5, 0.75, 1, 1.25, 1.5] as const;
