import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openTerminal, type Terminal } from './terminal.js';

const examples = join(import.meta.dirname, '..');
const chat = join(examples, 'dist', 'chat', 'main.js');
let terminal: Terminal | undefined;

afterEach(() => {
  terminal?.close();
  terminal = undefined;
});

describe('the chat example, in a terminal', () => {
  it('streams thinking dimmed, tool calls and results, the answer and the stop reason; /quit leaves', async () => {
    expect(existsSync(chat), `build the examples first: ${chat}`).toBe(true);
    terminal = openTerminal({
      command: `env -u ANTHROPIC_API_KEY '${process.execPath}' '${chat}'`,
      cwd: examples,
    });

    expect(await terminal.waitFor(/you> /)).toContain('toolloop chat with the fake LLM');
    terminal.type('What is the weather in Paris?');
    const firstTurn = await terminal.waitFor(/\[stopped: [a-z_]+ .*\]\n/);

    expect(firstTurn).toContain('thinking: The user wants the weather in Paris; I should call get_weather.');
    expect(firstTurn).toContain('→ get_weather {"city":"Paris"}');
    expect(firstTurn).toContain('← Sunny, 21°C');
    expect(firstTurn).toContain('assistant> It is sunny and 21°C in Paris.');
    expect(firstTurn).toContain('[stopped: completed · 1 tool call this session]');
    // Dim (SGR 2) is how the screen shows thinking.
    expect(terminal.screen({ escapes: true })).toContain('\u001b[2mthinking: ');

    await terminal.waitFor(/you> /);
    terminal.type('And in Oslo?');
    const secondTurn = await terminal.waitFor(/\[stopped: [a-z_]+ .*\]\n/);
    expect(secondTurn).toContain('assistant> Oslo is cloudy, 12°C.');
    expect(secondTurn).toContain('[stopped: completed · 2 tool calls this session]');

    await terminal.waitFor(/you> /);
    terminal.type('/quit');
    await terminal.exited();
  });
  it('with --approve, asks y/n for each call that waits and goes on with the same turn', async () => {
    expect(existsSync(chat), `build the examples first: ${chat}`).toBe(true);
    terminal = openTerminal({
      command: `env -u ANTHROPIC_API_KEY '${process.execPath}' '${chat}' --approve get_weather`,
      cwd: examples,
    });

    await terminal.waitFor(/you> /);
    terminal.type('What is the weather in Paris?');
    const paused = await terminal.waitFor(/\? \[y\/n\] /);
    expect(paused).toContain('? get_weather {"city":"Paris"} waits for your approval');
    expect(paused).toContain('[stopped: approval_required');
    expect(paused).toContain('approve get_weather {"city":"Paris"}? [y/n] ');
    terminal.type('y');
    const approved = await terminal.waitFor(/\[stopped: [a-z_]+ .*\]\n/);
    expect(approved).toContain('← Sunny, 21°C');
    expect(approved).toContain('[stopped: completed · 1 tool call this session]');

    await terminal.waitFor(/you> /);
    terminal.type('And in Oslo?');
    await terminal.waitFor(/\? \[y\/n\] /);
    terminal.type('n');
    const denied = await terminal.waitFor(/\[stopped: [a-z_]+ .*\]\n/);
    expect(denied).toContain('← Not executed: the user denied this call. Their reason: The user said no.');
    expect(denied).toContain('[stopped: completed');

    await terminal.waitFor(/you> /);
    terminal.type('/quit');
    await terminal.exited();
  });
});
