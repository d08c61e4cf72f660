// The chat translator: the first screen with examples, the conversation, replies and their details.
import { defineMessages } from '../define.ts';

export const chat = defineMessages('chat', {
  title: { message: 'What can I help with?', note: 'Chat: heading of the empty conversation' },
  hiddenTitle: { message: 'Chat', note: 'Chat: hidden heading during a conversation' },
  examples: { message: 'Example prompts', note: 'Chat: screen-reader name of the list of examples' },
  category: {
    message:
      '{category, select, greeting {greeting} vocabulary {vocabulary} phrase {phrase} family {family} conversation {conversation} numbers {numbers} hospitality {hospitality} food {food} other {{category}}}',
    note: 'Chat: the kind of an example sentence (the sentence itself stays English: it is what gets translated)',
  },
  newConversation: { message: 'New conversation', note: 'Chat: button' },
  history: { message: 'History', note: 'Chat: button and heading of the recent messages' },
  recent: { message: 'Recent messages', note: 'Chat: screen-reader name of the history panel' },
  noMessages: { message: 'No messages yet.', note: 'Chat: empty history' },
  translate: { message: 'Translate', note: 'Chat: label of the direction choice' },
  detect: { message: 'Detect the language', note: 'Chat: direction option' },
  enToLpx: { message: 'English → Lopit', note: 'Chat: direction option' },
  lpxToEn: { message: 'Lopit → English', note: 'Chat: direction option' },
  offlineReady: {
    message: 'Works offline: model saved on this device {date}',
    note: 'Chat: the translation model is on the phone; date is when it was saved',
  },
  offlineReadyWithSentences: {
    message:
      'Works offline: model saved on this device {date}, with {count, plural, one {# approved sentence} other {# approved sentences}}',
    note: 'Chat: the translation model and the community’s approved sentences (exact answers) are on the phone; date is when the model was saved',
  },
  sentencesOnly: {
    message:
      'No translation model is trained yet. Offline, the {count, plural, one {# approved sentence} other {# approved sentences}} kept on this device still answer.',
    note: 'Chat: no model exists, but the approved sentences are on the phone',
  },
  noModel: {
    message: 'No translation model is trained yet, so offline answers are not available.',
    note: 'Chat: no model to download',
  },
  message: { message: 'Message', note: 'Chat: hidden label of the text field' },
  placeholder: {
    message: 'Type in English or Lopit. Enter sends, Shift+Enter adds a line.',
    note: 'Chat: placeholder of the text field on a computer; keep the key names Enter and Shift+Enter',
  },
  placeholderTouch: {
    message: 'Type in English or Lopit',
    note: 'Chat: placeholder of the text field on a phone (no keys to name); keep it short, it must fit on a phone',
  },
  voiceSoon: { message: 'Voice input (coming soon)', note: 'Chat: name of the disabled microphone button' },
  voiceSoonTitle: {
    message: 'Voice input: coming soon',
    note: 'Chat: tooltip of the disabled microphone button',
  },
  send: { message: 'Send', note: 'Chat: button' },
  fromMemory: {
    message: 'From the community’s approved translations',
    note: 'Chat reply: where the answer came from',
  },
  fromModel: {
    message: 'From the translation model trained on community translations',
    note: 'Chat reply: where the answer came from',
  },
  fromLexicon: { message: 'Word by word from the lexicon', note: 'Chat reply: where the answer came from' },
  confidence: {
    message: 'confidence {value, number, percent}',
    note: 'Chat reply: how sure the translator is',
  },
  onDevice: {
    message: 'translated on this device (offline)',
    note: 'Chat reply: made by the phone’s own model',
  },
  compactModel: {
    message: 'compact phone model',
    note: 'Chat reply from the translation model: the small copy kept on the phone answered',
  },
  serverModel: {
    message: 'full server model',
    note: 'Chat reply from the translation model: the server’s full model answered',
  },
  closest: {
    message: 'Closest community sentence ({similarity, number}% similar): “{source}” → “{target}”',
    note: 'Chat reply: the community sentence the answer came from',
  },
  wordByWord: { message: 'Word by word', note: 'Chat reply: heading of the word-by-word gloss' },
  becomes: { message: 'becomes', note: 'Chat reply: hidden word between a word and its translation' },
  unknownWord: {
    message: '(not known yet; kept as written)',
    note: 'Chat reply: a word the translator does not know',
  },
  alternatives: { message: 'Other possible translations: {list}', note: 'Chat reply: other answers' },
  translating: { message: 'Translating…', note: 'Chat: while waiting for the answer' },
  error: { message: '⚠ Error', note: 'Chat: label of a failed answer' },
  copy: { message: 'Copy', note: 'Chat reply: button copying the answer' },
  copied: { message: '✓ Copied', note: 'Chat reply: after copying' },
  play: { message: '▶ Play', note: 'Button playing speech' },
  playSpeech: { message: 'Play speech', note: 'Screen-reader name of the play button' },
  deviceVoice: {
    message: 'Synthetic voice of this phone (no connection): not a community recording',
    note: 'Beside the play button when the phone read the text itself because the server could not be reached',
  },
  speechUnavailable: {
    message: 'Speech is not available: {reason}',
    note: 'Beside the play button when no speech could be made; {reason} is the error',
  },
  loadingSpeech: { message: 'Loading speech…', note: 'Play button while the speech loads' },
});
