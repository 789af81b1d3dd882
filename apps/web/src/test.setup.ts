import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Tests run without vitest globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// Lazy screens, the grid and the marketplace form render slowly on a busy 2-core machine: waiting
// is about behaviour, not speed, so every findBy/waitFor gets room (speed is measured in bench/,
// never asserted here).
configure({ asyncUtilTimeout: 15_000 });
