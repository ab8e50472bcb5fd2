import type { ServerSecrets } from './llm-config.js';

/** The secrets a session keeps in memory, with `given` ones replacing those of the same server and name. */
export function mergeServerSecrets(
  known: ServerSecrets | undefined,
  given: ServerSecrets | undefined,
): ServerSecrets {
  const names = new Set([...Object.keys(known ?? {}), ...Object.keys(given ?? {})]);
  return Object.fromEntries(
    [...names].map((name) => {
      const before = known !== undefined && Object.hasOwn(known, name) ? known[name] : undefined;
      const after = given !== undefined && Object.hasOwn(given, name) ? given[name] : undefined;
      const headers = { ...before?.headers, ...after?.headers };
      const env = { ...before?.env, ...after?.env };
      const auth = { ...before?.auth, ...after?.auth };
      return [
        name,
        {
          ...(Object.keys(headers).length === 0 ? {} : { headers }),
          ...(Object.keys(env).length === 0 ? {} : { env }),
          ...(Object.keys(auth).length === 0 ? {} : { auth }),
        },
      ];
    }),
  );
}
