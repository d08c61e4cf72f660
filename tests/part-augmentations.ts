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
import type {} from '../server/features/training/training-plugin.ts';
import type {} from '../server/features/training/worker.routes.ts';
import type {} from '../src/features/families/graph-test-hook.ts';
