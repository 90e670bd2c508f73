// The stack the recorder drives: the standalone stack (tests/support/standalone-stack.ts) under the
// recorder's own names.
import { startStandaloneStack, type StandaloneStack } from '../support/standalone-stack';

export type Stack = StandaloneStack;

export const startRecordingStack = () => startStandaloneStack('plaudit-record');
