import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenarioFile, parseScenarioText } from './load-scenario-file.js';
import { ScenarioFileError } from './scenario-file-error.js';

function messagesOf(text: string): string[] {
  try {
    parseScenarioText({ text, file: 'scenarios/example.yaml' });
  } catch (error) {
    if (ScenarioFileError.isInstance(error))
      return error.issues.map((issue) => `${issue.path}: ${issue.message}`);
    throw error;
  }
  throw new Error('expected the scenario to be invalid');
}

describe('scenario files: approvals, restarts and output', () => {
  it('reads approvals by tool and by call, a turn that continues a paused one, and a restart', () => {
    const scenario = parseScenarioText({
      file: 'x.yaml',
      text: `name: approvals
agent: ./agent.ts
turns:
  - user: Delete note 3.
    approvals:
      - { tool: delete_note, decision: approve }
      - { call: 1, decision: deny, reason: Not that one. }
    llm: [{ text: Done. }]
  - restart: true
    approvals: [{ tool: delete_note, decision: approve }]
    llm: [{ text: Done. }]
    expect:
      approvals: { paused: [delete_note], approved: [delete_note], denied: [] }
      output: { total: 1 }
`,
    });

    expect(scenario.turns[0]?.approvals).toEqual([
      { tool: 'delete_note', decision: 'approve' },
      { call: 1, decision: 'deny', reason: 'Not that one.' },
    ]);
    expect(scenario.turns[1]).toMatchObject({ restart: true, expect: { output: { total: 1 } } });
  });

  it('refuses an answer naming both or neither of tool and call, and a reason for an approval', () => {
    expect(
      messagesOf(`name: x
turns:
  - user: Go
    approvals:
      - { decision: approve }
      - { tool: a, call: 0, decision: deny }
      - { tool: a, decision: approve, reason: Fine. }
    llm: []
`),
    ).toEqual([
      'turns[0].approvals[0]: give `tool` (a tool name) or `call` (an index), not both or neither',
      'turns[0].approvals[1]: give `tool` (a tool name) or `call` (an index), not both or neither',
      'turns[0].approvals[2].reason: only a denial has a reason',
    ]);
  });

  it('needs a user message in the first turn, and in a later one unless it answers approvals', () => {
    expect(
      messagesOf(`name: x
turns:
  - llm: []
  - llm: []
`),
    ).toEqual([
      'turns[0].user: the first turn needs a user message',
      'turns[1].user: give a user message, or `approvals` to continue the turn before',
    ]);
  });

  it('allows a restart and a session store only where there is a host', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'toolloop-host-fields-'));
    try {
      const file = join(directory, 'x.yaml');
      const messagesOfFile = async (text: string) => {
        await writeFile(file, text);
        return loadScenarioFile(file, { cwd: directory }).then(
          () => [],
          (error: unknown) => {
            if (!ScenarioFileError.isInstance(error)) throw error;
            return error.issues.map((issue) => `${issue.path}: ${issue.message}`);
          },
        );
      };
      const text =
        'name: x\nsessionStore: memory\nidempotent: [refund]\nturns:\n  - user: Go\n    restart: true\n    llm: []\n  - user: Again\n    crash: { at: mid-stream }\n    llm: []\n';

      expect(await messagesOfFile(text)).toEqual([
        'sessionStore: only a session scenario (`session`, or a session agent) keeps its session in a store',
        'idempotent: only a session scenario (`session`, or a session agent) has a host to go on with a crashed turn',
        'turns[0].restart: only a session scenario (`session`, or a session agent) has a host to restart',
        'turns[1].crash: only a session scenario (`session`, or a session agent) has a host to crash',
      ]);
      expect(await messagesOfFile(`session: {}\n${text}`)).toEqual([]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('takes only memory, file or postgres as a session store', () => {
    expect(
      messagesOf(`name: x
session: {}
sessionStore: redis
turns:
  - user: Go
    llm: []
`),
    ).toEqual([expect.stringMatching(/^sessionStore: .*"memory"\|"file"\|"postgres"/u)]);
  });

  it('refuses a crash point it does not know, a crash beside an abort or approvals, and a crash of a turn that continues a paused one', () => {
    expect(
      messagesOf(`name: x
session: {}
turns:
  - user: Go
    crash: { at: tool-started, round: 2 }
    llm: []
  - user: Again
    crash: { at: mid-stream }
    abort: { on: content }
    llm: []
  - approvals: [{ tool: refund, decision: approve }]
    crash: { at: tool-finished }
    llm: []
  - user: Refund order 7.
    crash: { at: tool-started, tool: refund }
    approvals: [{ tool: refund, decision: approve }]
    llm: []
`),
    ).toEqual([
      expect.stringMatching(/^turns\[0\]\.crash(\.round)?: /u),
      'turns[1].crash: a turn ends by `abort` or by `crash`, not both',
      'turns[2].crash: a crash ends a turn that starts with a user message; this turn continues a paused one',
      'turns[2].crash: a crash ends a turn before any pause for approval; give the turn `crash` or `approvals`, not both',
      'turns[3].crash: a crash ends a turn before any pause for approval; give the turn `crash` or `approvals`, not both',
    ]);
  });
});

describe('scenario files: servers the host connects, and reopening with new secrets', () => {
  const scenario = (session: string, reopen: string) => `name: x
session:
  servers:
${session}
servers:
  crm: { transport: http, auth: { bearer: t1 }, tools: [{ name: lookup, responses: [{ text: found }] }] }
  notes: { tools: [{ name: read, responses: [{ text: note }] }] }
turns:
  - user: Go
    llm: []
  - user: Again
    reopen:
      servers:
${reopen}
    llm: []
`;

  it('reads the headers the host gives an HTTP mock of the scenario, and those a turn reopens it with', () => {
    const parsed = parseScenarioText({
      file: 'x.yaml',
      text: scenario(
        '    crm: { headers: { authorization: Bearer t1 } }',
        '        crm: { headers: { authorization: Bearer t2 } }',
      ),
    });
    expect([parsed.session?.servers, parsed.turns[1]?.reopen]).toEqual([
      { crm: { headers: { authorization: 'Bearer t1' } } },
      { servers: { crm: { headers: { authorization: 'Bearer t2' } } } },
    ]);
  });

  it('refuses a token rotated on a server the runner connects, or at a turn the scenario does not have, and a reopen outside a session', () => {
    const rotating = (session: string, turn: number) => `name: x
${session}servers:
  crm:
    transport: http
    auth: { bearer: t1, rotate: [{ turn: ${turn}, bearer: t2 }] }
    tools: [{ name: lookup, responses: [{ text: found }] }]
turns:
  - user: Go
    llm: []
  - user: Again
    reopen: { servers: { crm: { headers: { authorization: Bearer t2 } } } }
    llm: []
`;
    expect(messagesOf(rotating('', 2))).toEqual([
      'servers.crm.auth.rotate[0].turn: the runner connects this server with its first token: rotate the token of a server the host connects (session.servers), which a turn can reopen with the new one',
      'turns[1].reopen: only a session scenario whose host connects servers (session.servers) reopens its session',
    ]);
    expect(
      messagesOf(rotating('session:\n  servers:\n    crm: { headers: { authorization: Bearer t1 } }\n', 3)),
    ).toEqual([
      "servers.crm.auth.rotate[0].turn: a token rotates as a later turn starts: a turn from 2 to 2, the scenario's last",
    ]);
  });

  it('refuses a host server that is not an HTTP mock of the scenario, and new secrets for a server the host does not hold', () => {
    expect(
      messagesOf(
        scenario(
          '    notes: { headers: {} }\n    billing: { headers: {} }',
          '        crm: { headers: { authorization: Bearer t2 } }',
        ),
      ),
    ).toEqual([
      'session.servers.notes: the host connects the servers of its config from the URL the runner gives it: name a mock with transport: http',
      'session.servers.billing: names no server of this scenario (its servers: crm, notes)',
      'turns[1].reopen.servers.crm: the host gives secrets only to the servers of its config (session.servers: notes, billing)',
    ]);
  });
});
