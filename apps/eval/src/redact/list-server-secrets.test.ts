import { describe, expect, it } from 'vitest';
import { parseScenarioText } from '../scenario/load-scenario-file.js';
import { listServerSecrets } from './list-server-secrets.js';

describe('listServerSecrets', () => {
  it("lists the credential headers a scenario gives its servers, what their ${NAME} read, and its mocks' tokens", () => {
    const scenario = parseScenarioText({
      file: 'x.yaml',
      text: `name: x
session:
  servers:
    crm: { headers: { authorization: Bearer t1, x-tenant: acme } }
servers:
  crm:
    transport: http
    auth: { bearer: t1, rotate: [{ turn: 2, bearer: t2 }] }
    tools: [{ name: lookup, responses: [{ text: found }] }]
  remote: { url: 'http://127.0.0.1:3001/mcp', headers: { x-api-key: '\${REMOTE_KEY}', accept: text/plain } }
turns:
  - user: Go
    llm: []
  - user: Again
    reopen: { servers: { crm: { headers: { authorization: Bearer t2 } } } }
    llm: []
`,
    });

    expect(listServerSecrets(scenario, { REMOTE_KEY: 'k-123' }).sort()).toEqual(
      ['${REMOTE_KEY}', 'Bearer t1', 'Bearer t2', 't1', 't2', 'k-123'].sort(),
    );
  });
});
