import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.documentElement.className = '';
});

// The auth client restores a session only when the server's session marker cookie is present (a page
// load without it makes no refresh call). Component tests stub the refresh answer, so set the marker.
beforeEach(() => {
  document.cookie = 'wellspring-session=1; path=/';
});
