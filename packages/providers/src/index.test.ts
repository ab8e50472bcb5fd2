import { describe, expect, it } from 'vitest';

describe('@toolloop/providers', () => {
  it('exports exactly the factory at its root; each provider lives on its own subpath', async () => {
    expect(Object.keys(await import('@toolloop/providers')).sort()).toEqual(['createModelFromConfig']);
  });
});
