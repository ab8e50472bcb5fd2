import { expect, it } from 'vitest';
import * as fakeLlm from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(fakeLlm).sort()).toEqual([
    'cancelMswResponseCopies',
    'chatCompletionsDialects',
    'createFakeLlm',
    'defaultScriptId',
    'finishReasonsByStopReason',
    'listFakeLlmRules',
    'loadFakeLlmScript',
    'parseFakeLlmScript',
    'resolveChatCompletionsQuirks',
    'scriptHeader',
    'toFakeLlmScript',
  ]);
});
