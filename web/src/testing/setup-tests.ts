import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // Node-environment tests (e.g. the lint config test) have no localStorage.
  globalThis.localStorage?.clear();
});
