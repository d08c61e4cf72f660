// The parts' augmentations of library and global types (Fastify's instance, request and route config; the
// window's test hook of the families graph), for the tools project (tsconfig.tools.json). It reads the parts
// through their declaration files, and a declaration file keeps an augmentation but drops the import that
// brought its module into the program, so this file brings them in. Add a module here when it augments a type
// that tests or scripts use.
import type {} from '../server/app.ts';
import type {} from '../server/plugins/admission.ts';
import type {} from '../server/plugins/auth.ts';
import type {} from '../server/plugins/database.ts';
import type {} from '../server/plugins/repositories.ts';
import type {} from '../server/lib/repositories.ts';
import type {} from '../server/lib/current-user.ts';
// Each feature names its repository in lib/repositories.ts's Repositories.
import type {} from '../server/features/auth/users.repository.ts';
import type {} from '../server/features/consent/consent.repository.ts';
import type {} from '../server/features/data/data.repository.ts';
import type {} from '../server/features/exports/exports.repository.ts';
import type {} from '../server/features/i18n/interface-messages.repository.ts';
import type {} from '../server/features/lexicon/lexicon.repository.ts';
import type {} from '../server/features/prompts/prompts.repository.ts';
import type {} from '../server/features/recordings/recordings.repository.ts';
import type {} from '../server/features/review/clip-review.repository.ts';
import type {} from '../server/features/review/lexicon-review.repository.ts';
import type {} from '../server/features/review/proposals.repository.ts';
import type {} from '../server/features/speakers/speakers.repository.ts';
import type {} from '../server/features/transcripts/transcripts.repository.ts';
import type {} from '../server/features/translation/translation.repository.ts';
import type {} from '../server/features/tts/voices.repository.ts';
import type {} from '../server/features/training/training-plugin.ts';
import type {} from '../server/features/training/worker.routes.ts';
import type {} from '../src/features/families/graph-test-hook.ts';
