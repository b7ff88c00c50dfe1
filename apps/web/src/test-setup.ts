import { dismissAllToasts } from '@seamline/ui/testing/toasts';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// The test files share a module graph (isolate: false in vite.config.ts): each test leaves no screen and no toast.
afterEach(() => {
  cleanup();
  dismissAllToasts();
});
