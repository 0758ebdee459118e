import { configure } from '@testing-library/preact';

// A screen that loads its parts lazily can take more than the default second to appear on a busy
// machine; tests still wait only as long as it takes.
configure({ asyncUtilTimeout: 5_000 });
