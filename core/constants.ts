// Business constants and limits of product-spec section 9, named after what they mean.

/** API request timeout: 10 s. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Model status poll interval on /training: 5 s. */
export const TRAINING_POLL_MS = 5_000;

export const PASSWORD_MIN_LENGTH = 8;
/** Session tokens expire after 30 days. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Password-reset links are valid for 24 hours and usable once. */
export const PASSWORD_RESET_TTL_MS = 24 * 60 * 60 * 1000;
/** The server remembers an Idempotency-Key (offline outbox replays) for 30 days. */
export const IDEMPOTENCY_KEY_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Admin import of translation pairs: at most 5 MB and 10,000 rows per import. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;
/** Sign-in/sign-up attempts per minute, per client IP and email. */
export const AUTH_RATE_LIMIT_PER_MINUTE = 10;
/**
 * Failed sign-ins past an account's per-minute limit are answered after a delay doubling from 250 ms up to 3 s:
 * enough to slow a guesser, short enough that the account holder's own mistyped password is never a lockout.
 */
export const AUTH_FAILURE_DELAY_BASE_MS = 250;
export const AUTH_FAILURE_DELAY_MAX_MS = 3_000;

export const CHAT_SESSION_HISTORY_MESSAGES = 10;
export const CHAT_HISTORY_PANEL_MESSAGES = 10;
/** Typewriter effect: one character per 20 ms. */
export const TYPEWRITER_MS_PER_CHAR = 20;
/** Copy confirmation lasts 2 s. */
export const COPY_CONFIRMATION_MS = 2_000;
/** Save check mark in the translation editor lasts 2 s. */
export const SAVE_CHECKMARK_MS = 2_000;

export const RECORDINGS_PAGE_SIZE = 20;
export const RECORDINGS_MAX_PAGE_SIZE = 100;
/** Recording quality checks: shorter than 1 s is too short; levels in dBFS (RMS) and the clipped-sample ratio. */
export const RECORDING_MIN_SECONDS = 1;
export const RECORDING_SILENT_RMS_DB = -60;
export const RECORDING_QUIET_RMS_DB = -40;
export const RECORDING_CLIPPED_RATIO = 0.001;
/** Level of digital silence: dBFS figures are never below this (log of zero has no value). */
export const RECORDING_LEVEL_FLOOR_DB = -120;
/** Largest audio upload by default (the server's AUDIO_MAX_BYTES overrides). */
export const AUDIO_DEFAULT_MAX_BYTES = 100 * 1024 * 1024;
/**
 * Unfinished resumable uploads one account may hold on the server at once (a creation past either answers 429
 * and the phone tries again later). A phone sends its outbox one recording at a time, so even one back after
 * days with 50 clips holds one or two open; 100 also leaves room for several phones on one account.
 */
export const UPLOAD_QUOTA_OPEN_UPLOADS = 100;
/**
 * Bytes the unfinished uploads of one account may declare in all (their Upload-Length, reserved on creation):
 * 50 clips of 5 minutes are about 60 MB as Opus and 1.5 GB only as 48 kHz WAV, which the app never makes;
 * 512 MB holds five uploads of the largest size. Never below the server's AUDIO_MAX_BYTES.
 */
export const UPLOAD_QUOTA_BYTES = 512 * 1024 * 1024;
/**
 * The longest recording, 5 minutes: the browser recorder stops there (VITE_RECORDING_MAX_SECONDS overrides it
 * at build time) and the server flags longer uploads as too long (AUDIO_MAX_SECONDS overrides it there).
 */
export const RECORDING_MAX_SECONDS = 5 * 60;
/** The server still accepts (flagged) recordings up to this many times the longest; longer ones are refused. */
export const RECORDING_ACCEPTED_LENGTH_FACTOR = 2;
export const RECORDING_TAIL_MS = 500;
/**
 * Tell (issue 32): free speech or a story recorded as one piece, up to 15 minutes. The phone stops there; the
 * server flags longer ones too long and refuses those longer than TELL_ACCEPTED_SECONDS (a minute's room for a
 * recorder that stops late). At 32 kbit/s Opus 15 minutes are about 4 MB, far below AUDIO_MAX_BYTES.
 */
export const TELL_MAX_SECONDS = 15 * 60;
export const TELL_ACCEPTED_SECONDS = TELL_MAX_SECONDS + 60;
/**
 * A Tell recording is cut on the server at pauses into segments of 2 to 15 s, each a clip of its own to
 * transcribe and review. A pause is at least SEGMENT_MIN_PAUSE_MS below the speech threshold; a segment keeps
 * at most SEGMENT_PAD_MS of the pause on each side.
 */
export const SEGMENT_MIN_MS = 2_000;
export const SEGMENT_MAX_MS = 15_000;
export const SEGMENT_MIN_PAUSE_MS = 300;
export const SEGMENT_PAD_MS = 250;

/** Speech bitrate for the browser recorder (mono Opus or AAC). */
export const RECORDING_BITS_PER_SECOND = 32_000;
export const LEXICON_DEFAULT_LIMIT = 100;
export const LEXICON_DASHBOARD_LIMIT = 50;
export const LEXICON_PREVIEW_ENTRIES = 12;
/** Admin import of lexicon entries: a whole dictionary fits one file (at most IMPORT_MAX_BYTES). */
export const LEXICON_IMPORT_MAX_ROWS = 100_000;
export const SPEAKERS_TABLE_ROWS = 5;

export const MVP_GOAL_AUDIO_HOURS = 20;
export const MVP_GOAL_SPEAKERS = 50;
export const MVP_GOAL_TRANSLATION_PAIRS = 10_000;

/** Direction detection: more than 70% Latin letters means English input. */
export const DIRECTION_LATIN_THRESHOLD = 0.7;

export const KINGDOM_FIGURES = {
  villages: 7,
  yearCycle: 22,
  generation: 14,
  transitionDate: '15-16 January 2022',
  termStart: 2022,
  nextTransition: 2044,
} as const;

export const TRANSLATION_CATEGORIES = ['greetings', 'family', 'numbers', 'food', 'time'] as const;
export type TranslationCategory = (typeof TRANSLATION_CATEGORIES)[number];

export const MODEL_TYPES = ['asr', 'tts', 'mt'] as const;
export type ModelType = (typeof MODEL_TYPES)[number];

export const CONSENT_TYPES = ['recording', 'translation', 'full'] as const;
export type ConsentType = (typeof CONSENT_TYPES)[number];

export const CONTRIBUTION_LICENCE = 'CC-BY-NC-4.0';

/**
 * Translation model training refuses fewer approved pairs than this: 10% of them are held out for scoring, and
 * with fewer than 50 pairs that is under 5 sentences, too few for chrF or BLEU to mean anything.
 */
export const MT_MIN_TRAINING_PAIRS = 50;
/** Share of the pairs held out to score a translation model (at least 10%), split with a fixed seed. */
export const MT_HELD_OUT_FRACTION = 0.1;
export const MT_SPLIT_SEED = 20_240_601;

/** Families graph (section 9). */
export const FAMILY_GRAPH = {
  dropdownLimit: 8,
  nodeSizeRoyal: 20,
  nodeSizeOther: 8,
  autoFitDelayMs: 1_500,
  autoFitDurationMs: 500,
  autoFitPadding: 100,
  resizeRefitDurationMs: 400,
  resizeRefitPadding: 80,
  zoomFactor: 1.5,
  zoomDurationMs: 500,
  searchZoom: 2,
  searchZoomDurationMs: 1_000,
  focusMaxZoom: 3,
  focusPadding: 100,
  physicsCooldownMs: 3_000,
  alphaDecay: 0.02,
  velocityDecay: 0.3,
  graphHeightVh: 65,
  dropdownMaxHeightRem: 15,
  dimOpacitySelected: 0.2,
  dimOpacityTrace: 0.05,
  relativesCircleMaxRadius: 250,
  /** A lineage larger than this opens on the family view at any width (drawn whole, its names are unreadable). */
  lineageFirstMaxPersons: 300,
  /** The whole lineage is drawn this many persons at a time, one batch a task, nearest the root first. */
  drawBatchPersons: 100,
  /**
   * A lineage above this many persons is drawn lean: a style without fading, arrows or name backdrops, names of
   * the chosen family only until the reader asks for all, edges hidden and the picture reused while panning.
   */
  largeLineagePersons: 1000,
} as const;

/** Training jobs (/training): heartbeats, the timeout after which a silent worker's job is requeued, polling. */
export const TRAINING_HEARTBEAT_MS = 5_000;
/** A running job whose worker has not reported for 2 minutes is requeued once, then failed. */
export const TRAINING_HEARTBEAT_TIMEOUT_MS = 2 * 60 * 1000;
/** A job is claimed at most twice: the first claim and one requeue after its worker went silent. */
export const TRAINING_MAX_ATTEMPTS = 2;
/** An idle worker looks for queued jobs every 5 s (an in-process start wakes it at once). */
export const TRAINING_WORKER_POLL_MS = 5_000;
/** Runs of each model type shown in its history. */
export const TRAINING_HISTORY_RUNS = 10;
/** Largest model artifact an external worker may upload: 2 GiB. */
export const TRAINING_ARTIFACT_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** Product-spec section 2: what each model needs (ASR 20-50 h, 50+ speakers; TTS 3-8 h one speaker; MT 10-30k pairs). */
export const TRAINING_REQUIREMENTS = {
  asr: { minHours: 20, targetHours: 50, minSpeakers: 50 },
  tts: { minHours: 3, targetHours: 8 },
  mt: { minPairs: 10_000, targetPairs: 30_000 },
} as const;
/** Speaker-disjoint ASR split: shares of audio time held out for dev and for test. */
export const ASR_DEV_SHARE = 0.1;
export const ASR_TEST_SHARE = 0.1;
