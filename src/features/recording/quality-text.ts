// A quality problem (core/audio/quality.ts) in the interface's language: its name for a list, its name inside a
// sentence, and the advice; one place for Recording, Speak, Translate's "Say it", Listen and the admins' queue.
import type { QualityProblemKind } from '../../../core/audio/quality.ts';
import { RECORDING_MIN_SECONDS } from '../../../core/constants.ts';
import { qualityAdvice, qualityLabels, qualityWords } from '../../../core/i18n/messages/recording.ts';
import type { Translate } from '../../i18n/i18n.tsx';

export const qualityLabel = (t: Translate, kind: QualityProblemKind) => t(qualityLabels[kind]);
export const qualityWord = (t: Translate, kind: QualityProblemKind) => t(qualityWords[kind]);
export const qualityAdviceText = (t: Translate, kind: QualityProblemKind) =>
  t(qualityAdvice[kind], { seconds: RECORDING_MIN_SECONDS });
