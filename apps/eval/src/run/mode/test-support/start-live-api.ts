import { createFakeLlm } from '@toolloop/fake-llm';
import { startModelProxy, type ModelProxy, type ProxyUpstream } from '../../../record/start-model-proxy.js';

/** A key the proxy adds on the way out, which nothing may keep. */
export const plantedKey = 'sk-planted-live-mode-key';

/**
 * The live proxy, in front of a fake LLM served on a port that stands in for the real API (it answers every
 * of its first four requests with `text`), and the upstream a live mode sends it to with `plantedKey`.
 */
export async function startLiveApi({ text }: { text: string }): Promise<{
  proxy: ModelProxy;
  upstream: ProxyUpstream;
  close: () => Promise<void>;
}> {
  const api = createFakeLlm({ steps: Array.from({ length: 4 }, () => ({ text })) });
  const { url } = await api.serve();
  const proxy = await startModelProxy();
  return {
    proxy,
    upstream: { baseURL: url, authHeaders: { 'x-api-key': plantedKey } },
    close: async () => {
      await proxy.close();
      await api.close();
    },
  };
}
