/**
 * The built-in reporters' names, in a module of their own: the config file's schema checks `reporters` against
 * them without loading the reporters themselves (the command line's `list` and `validate` never report).
 */
export const reporterNames = ['pretty', 'json', 'junit', 'html'] as const;
