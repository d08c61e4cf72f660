// The screens tier's Testing Library: a findBy or waitFor waits up to 15 s (its default is 1 s) for what it
// looks for, as a loaded 2-core machine can take seconds to render; it ends as soon as it is there.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 15_000 });
