import { existsSync } from 'node:fs';
import { SessionManager } from '@toolloop/core/session';
import { connectMcpServers } from '@toolloop/core/mcp';
import { mockMcpBinPath } from '@toolloop/mock-mcp';
import { describe, expect, it } from 'vitest';
import { openProcessesAndSockets } from '../mcp/assert-nothing-left.js';
import { createModelFactory } from './support/session-test-kit.js';

describe('SessionManager with connectMcpServers', () => {
  it('starts the servers of a config, uses their tools, and ends their processes with closeSession', async () => {
    expect(existsSync(mockMcpBinPath), `build mock-mcp first (pnpm build): ${mockMcpBinPath}`).toBe(true);
    const openAtStart = await openProcessesAndSockets();
    const spec = {
      tools: [{ name: 'ping', inputSchema: { type: 'object' }, responses: [{ text: 'pong' }] }],
    };
    const factory = createModelFactory([
      { toolCalls: [{ name: 'ping', input: {} }] },
      { text: 'It said pong.' },
    ]);
    const manager = new SessionManager({
      createModel: factory.createModel,
      connectServers: connectMcpServers,
    });

    const session = await manager.initializeSession({
      type: 'claude',
      model: 'claude-sonnet-4-6',
      servers: {
        mock: { command: process.execPath, args: [mockMcpBinPath, '--spec-json', JSON.stringify(spec)] },
      },
    });
    const result = await manager.sendMessage(session.id, 'Ping it');
    await manager.closeSession(session.id);

    expect(result.toolCalls.map((call) => [call.name, call.isError, call.output.content])).toEqual([
      ['ping', false, [{ type: 'text', text: 'pong' }]],
    ]);
    expect(await openProcessesAndSockets()).toEqual(openAtStart);
  });
});
