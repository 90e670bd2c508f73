// For admin tests that render react-admin: jsdom lacks what react-router needs at import time.
// Import this first in such a test file.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
