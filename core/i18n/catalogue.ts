// Every message of the interface, in the order translators see them (the server's list, the PO export, the
// pseudo-language and the tests read this; the app imports each screen's group where it is used).
import type { MessageDescriptor } from './define.ts';
import { pageTitles, shell, sync } from './messages/shell.ts';
import { firstScreen, settings, syncSettings } from './messages/settings.ts';
import { translateApp, translatePreview } from './messages/translate-app.ts';
import { heritage } from './messages/heritage.ts';
import { home } from './messages/home.ts';
import { auth } from './messages/auth.ts';
import { chat } from './messages/chat.ts';
import { account } from './messages/account.ts';
import { droppedNotice, outbox } from './messages/outbox.ts';
import { clientErrors, errorCodes, validation } from './messages/errors.ts';
import { admin, adminExports, adminImport, adminLanguages, adminPictures } from './messages/admin.ts';
import { adminReview } from './messages/admin-review.ts';
import { contributionLabels } from './messages/contribution-labels.ts';
import { families } from './messages/families.ts';
import { data } from './messages/data.ts';
import { consent } from './messages/consent.ts';
import { privacy, terms } from './messages/legal.ts';
import { training } from './messages/training.ts';
import { translateOne, translation } from './messages/translation.ts';
import { speakers } from './messages/speakers.ts';
import { repeat, transcribe } from './messages/transcribe.ts';
import { field } from './messages/field.ts';
import { qualityAdvice, qualityLabels, qualityWords, recording } from './messages/recording.ts';
import { clipReportReasons, listen, review, reviewShared } from './messages/review.ts';
import { modeTabs, promptReport, promptReportReasons, speak } from './messages/speak.ts';
import { tell } from './messages/tell.ts';
import { sentences } from './messages/sentences.ts';

const GROUPS = [
  shell,
  pageTitles,
  sync,
  settings,
  syncSettings,
  firstScreen,
  translateApp,
  translatePreview,
  home,
  heritage,
  auth,
  account,
  chat,
  outbox,
  droppedNotice,
  clientErrors,
  validation,
  errorCodes,
  admin,
  adminLanguages,
  adminPictures,
  adminImport,
  adminExports,
  adminReview,
  contributionLabels,
  families,
  data,
  consent,
  terms,
  privacy,
  training,
  translation,
  translateOne,
  speakers,
  transcribe,
  repeat,
  field,
  recording,
  qualityLabels,
  qualityWords,
  qualityAdvice,
  speak,
  tell,
  sentences,
  modeTabs,
  promptReport,
  promptReportReasons,
  reviewShared,
  listen,
  review,
  clipReportReasons,
];

export interface SourceMessage {
  id: string;
  screen: string;
  message: string;
  note: string;
}

/** The screen of a message: its id's prefix. */
export const screenOf = (id: string) => id.slice(0, id.indexOf('.'));

export const SOURCE_MESSAGES: readonly SourceMessage[] = GROUPS.flatMap((group) =>
  Object.values<MessageDescriptor>(group).map(({ id, message, note }) => ({
    id,
    screen: screenOf(id),
    message,
    note: note ?? '',
  })),
);

export const SOURCE_BY_ID: ReadonlyMap<string, SourceMessage> = new Map(
  SOURCE_MESSAGES.map((message) => [message.id, message]),
);
