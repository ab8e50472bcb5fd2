import { describe, expect, it } from 'vitest';
import { toReplayedPath } from './to-replayed-path.js';

describe('toReplayedPath', () => {
  it.each([
    { path: '/script/s1/v1/messages', apiPath: '', replayed: '/v1/messages' },
    { path: '/script/s1/v1/chat/completions', apiPath: '/v1', replayed: '/chat/completions' },
    {
      path: '/script/s1/v1beta/models/gemini-3-pro-preview:streamGenerateContent',
      apiPath: '',
      replayed: '/v1beta/models/gemini-3-pro-preview:streamGenerateContent',
    },
    // `/v1beta` is not `/v1` and `beta`.
    { path: '/script/s1/v1beta/models/m', apiPath: '/v1', replayed: '/v1beta/models/m' },
    // Another route's prefix is not this route's.
    { path: '/script/s10/api/chat', apiPath: '', replayed: '/script/s10/api/chat' },
  ])(
    '$path with apiPath "$apiPath" is $replayed, as the live proxy keeps it',
    ({ path, apiPath, replayed }) => {
      expect(toReplayedPath({ path, routeId: 's1', apiPath })).toBe(replayed);
    },
  );
});
