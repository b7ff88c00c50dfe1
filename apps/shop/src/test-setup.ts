import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Every test starts from an empty browser: no cart, no session, no placed order, no stubbed fetch.
afterEach(() => {
  cleanup();
  // The file-system tests run in node, without a browser's storage.
  if (typeof localStorage !== 'undefined') {
    localStorage.clear();
    sessionStorage.clear();
  }
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
