/** A reference to an environment variable inside a server `headers` or `env` value: `${NAME}`. */
export const environmentReferencePattern = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Whether a value reads the environment, and so may be stored as written. */
export function hasEnvironmentReference(value: string): boolean {
  return value.search(environmentReferencePattern) !== -1;
}

/** Whether every `${` in a value starts a well-formed reference (`${NAME}`: letters, digits and `_`). */
export function hasOnlyWellFormedReferences(value: string): boolean {
  return !value.replace(environmentReferencePattern, '').includes('${');
}
