// The fake LLM in a process of its own, for the benchmarks that time the client's CPU apart from the server's.
// It reads commands from its parent over the IPC channel (see fake-llm-process.ts) and answers each with the
// command's id.
import { createFakeLlm } from '@toolloop/fake-llm';
import type { FakeLlmCommand, FakeLlmReply } from './fake-llm-process.js';
import { createLoopSteps } from '../loop-overhead/loop-script.js';

const fake = createFakeLlm();
const server = await fake.serve();
const started = new Map<string, NodeJS.CpuUsage>();

function reply(message: FakeLlmReply): void {
  process.send?.(message);
}

async function handle(command: FakeLlmCommand): Promise<FakeLlmReply> {
  switch (command.type) {
    case 'script':
      for (const id of command.ids)
        fake.script(id, {
          name: id,
          steps: createLoopSteps({ rounds: command.rounds, delayMs: command.delayMs }),
        });
      return { id: command.id, type: 'done' };
    case 'begin':
      started.set(command.script, process.cpuUsage());
      return { id: command.id, type: 'done' };
    case 'end': {
      await fake.waitForIdle();
      const cpu = process.cpuUsage(started.get(command.script));
      started.delete(command.script);
      const [violation] = fake.violations;
      if (violation !== undefined)
        return {
          id: command.id,
          type: 'error',
          message: `The fake LLM saw a violation: ${JSON.stringify(violation)}`,
        };
      for (const script of command.remove) fake.removeScript(script);
      return { id: command.id, type: 'cpu', cpuMilliseconds: (cpu.user + cpu.system) / 1000 };
    }
    case 'close':
      await server.close();
      await fake.close();
      return { id: command.id, type: 'done' };
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unexpected)}`);
    }
  }
}

process.on('message', (command: FakeLlmCommand) => {
  handle(command).then(
    (answer) => {
      reply(answer);
      if (command.type === 'close') process.disconnect();
    },
    (error: unknown) => {
      reply({
        id: command.id,
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
      });
    },
  );
});
// A parent that ends without closing the fake (a benchmark that threw) takes it along: the channel's end is
// the parent's, and the server would otherwise keep this process serving on its own.
process.once('disconnect', () => {
  process.exit(0);
});
reply({ id: 0, type: 'ready', url: server.url });
