import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineTool } from '@toolloop/core';
import { createFileSessionStore, SessionManager } from '@toolloop/core/session';
import { createScriptedModel } from '@toolloop/core/testing';
import { z } from 'zod';

// Two hosts of one service share a store: here a directory (on several machines, a Postgres store).
const directory = await mkdtemp(join(tmpdir(), 'sessions-'));
const charges: string[] = [];
const chargeCard = defineTool({
  name: 'charge_card',
  inputSchema: z.object({ amount: z.number() }),
  execute: ({ amount }) => {
    charges.push(`${amount} EUR`);
    return `Charged ${amount} EUR.`;
  },
});
const startHost = (hostId: string, answers: Parameters<typeof createScriptedModel>[0]) =>
  new SessionManager({
    createModel: () => createScriptedModel(answers),
    store: createFileSessionStore({ directory }),
    hostId,
    tools: [chargeCard],
  });
const first = startHost('web-1', [
  { toolCalls: [{ name: 'charge_card', input: { amount: 40 } }] },
  { text: 'Paid: 40 EUR.' },
]);
const second = startHost('web-2', { text: 'Your receipt is on its way.' });

const { id } = await first.initializeSession({ type: 'openai', model: 'gpt-5' });
const paying = first.sendMessageStream(id, 'Pay my 40 EUR bill.');
for await (const chunk of paying) if (chunk.type === 'tool-start') break; // web-1's turn is charging the card
// The user's next message reaches the other host meanwhile: it waits for web-1's turn, then goes on from it.
const receipt = await second.sendMessage(id, 'And send me the receipt.');
console.log((await paying.result).text, '/', receipt.text);
console.log('charged:', charges.join(', '));
const stored = await first.getSession(id);
console.log(
  'transcript:',
  stored?.messages.map((message) => message.role).join(' → '),
  `(version ${stored?.version})`,
);

await Promise.all([first.dispose(), second.dispose()]);
await rm(directory, { recursive: true, force: true });
