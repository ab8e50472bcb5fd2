import type { Scenario } from '../scenario/scenario-schema.js';

/** Header names whose values are credentials. */
const secretHeaderName = /authorization|cookie|key|token|secret|password|session/iu;
const environmentReference = /\$\{(?<name>[A-Za-z_][A-Za-z0-9_]*)\}/gu;

/**
 * The credentials a scenario gives its servers, for reports to leave out: the values of credential headers (of
 * URL servers, of the servers a session's host connects and of a turn's `reopen`), with the value of each
 * `${NAME}` they read from the environment, and the bearer tokens of mocks behind one.
 */
export function listServerSecrets(
  scenario: Pick<Scenario, 'servers' | 'session' | 'turns'>,
  environment: Readonly<Record<string, string | undefined>> = process.env,
): string[] {
  const headerSets = [
    ...Object.values(scenario.servers ?? {}).flatMap((server) =>
      'url' in server && server.headers !== undefined ? [server.headers] : [],
    ),
    ...Object.values(scenario.session?.servers ?? {}).map((server) => server.headers),
    ...scenario.turns.flatMap((turn) =>
      Object.values(turn.reopen?.servers ?? {}).map((server) => server.headers),
    ),
  ];
  const values = headerSets.flatMap((headers) =>
    Object.entries(headers).flatMap(([name, value]) => (secretHeaderName.test(name) ? [value] : [])),
  );
  const tokens = Object.values(scenario.servers ?? {}).flatMap((server) =>
    'tools' in server && server.auth !== undefined
      ? [server.auth.bearer, ...(server.auth.rotate ?? []).map((rotation) => rotation.bearer)]
      : [],
  );
  const referenced = values.flatMap((value) =>
    [...value.matchAll(environmentReference)].flatMap((match) => {
      const found = match.groups?.name === undefined ? undefined : environment[match.groups.name];
      return found === undefined ? [] : [found];
    }),
  );
  return [...values, ...tokens, ...referenced];
}
