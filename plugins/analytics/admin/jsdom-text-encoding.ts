// Imported first by this plugin's jsdom tests that render ra-core: react-router reads TextEncoder at
// import time and jsdom lacks it (the shell's admin/src/jsdom-polyfills.ts is outside the plugin).
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
