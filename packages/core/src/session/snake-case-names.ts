/**
 * How the session config (snake_case, as hosts write it) names the loop's options: each camelCase name in
 * snake_case (`maxToolCalls` → `max_tool_calls`), but `system`, which a host config calls `system_prompt`.
 */
const renamed = { system: 'system_prompt' } as const;

type Renamed = typeof renamed;

/** A camelCase name in snake_case, at the type level. */
type CamelToSnake<NAME extends string> = NAME extends `${infer HEAD}${infer TAIL}`
  ? `${HEAD extends Lowercase<HEAD> ? HEAD : `_${Lowercase<HEAD>}`}${CamelToSnake<TAIL>}`
  : NAME;

/** An option's name as the session config writes it. */
export type SnakeCaseName<NAME extends string> = NAME extends keyof Renamed
  ? Renamed[NAME]
  : CamelToSnake<NAME>;

/** Options (and the options inside them) under their session config names; values and record keys unchanged. */
export type SnakeCased<T> = T extends readonly (infer ITEM)[]
  ? SnakeCased<ITEM>[]
  : T extends object
    ? string extends keyof T
      ? { [KEY in keyof T]: SnakeCased<T[KEY]> }
      : { [KEY in keyof T as KEY extends string ? SnakeCaseName<KEY> : KEY]: SnakeCased<T[KEY]> }
    : T;

/** An option's name as the session config writes it. */
export function toSnakeCaseName(name: string): string {
  return name in renamed
    ? renamed[name as keyof Renamed]
    : name.replace(/[A-Z]/gu, (letter) => `_${letter.toLowerCase()}`);
}
