// For admin tests that render react-admin: jsdom lacks what react-router needs at import time.
// The admin jest project loads it before every test file (jest.config.js, setupFiles).
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
