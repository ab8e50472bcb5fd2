import { isObject } from '../internal/is-object.js';

/**
 * A small schema kit for options, without a dependency: the loop checks its options with it, so importing
 * `@toolloop/core` loads no schema library. `toZodSchema` (in `@toolloop/core/session`) turns a schema into zod
 * for files: JSON Schema for editors, snake_case names for the session config.
 */

/** One thing wrong with a value, at `path` (absolute): a refused value, names not taken, or no form fitting. */
export type OptionIssue =
  | { type: 'refused'; path: PropertyKey[]; message: string }
  | { type: 'unknown-names'; path: PropertyKey[]; names: string[] }
  | { type: 'no-form'; path: PropertyKey[]; message: string; forms: OptionIssue[][] };

/** The JSON Schema of what a file may hold, and a description for editors. */
interface SchemaMeta {
  jsonSchema?: Record<string, unknown>;
  description?: string;
}

/** A schema of an option's value; `INPUT` is the type it takes. */
export abstract class OptionSchema<INPUT = unknown> {
  declare readonly input: INPUT;
  meta: SchemaMeta = {};

  /** The issues of `value` at `path`; none when it is taken. */
  abstract check(value: unknown, path: PropertyKey[]): OptionIssue[];

  /** The same schema, with a description for editors (and the JSON Schema it is written with). */
  describe(description: string): this {
    const copy = Object.assign(Object.create(Object.getPrototypeOf(this) as object) as this, this);
    copy.meta = { ...this.meta, description };
    return copy;
  }

  optional(): OptionalSchema<INPUT> {
    return new OptionalSchema(this);
  }
}

/** A value checked by a function that returns its issues (relative paths) or a refusal's message. */
export class ValueSchema<INPUT> extends OptionSchema<INPUT> {
  constructor(
    readonly refuse: (value: unknown) => string | Array<{ path: PropertyKey[]; message: string }> | undefined,
    jsonSchema?: Record<string, unknown>,
  ) {
    super();
    this.meta = jsonSchema === undefined ? {} : { jsonSchema };
  }

  check(value: unknown, path: PropertyKey[]): OptionIssue[] {
    const refusal = this.refuse(value);
    if (refusal === undefined) return [];
    if (typeof refusal === 'string') return [{ type: 'refused', path, message: refusal }];
    return refusal.map((issue) => ({
      type: 'refused',
      path: [...path, ...issue.path],
      message: issue.message,
    }));
  }
}

/** An option that may be left out (`undefined`). */
export class OptionalSchema<INPUT> extends OptionSchema<INPUT | undefined> {
  constructor(readonly inner: OptionSchema<INPUT>) {
    super();
  }

  check(value: unknown, path: PropertyKey[]): OptionIssue[] {
    return value === undefined ? [] : this.inner.check(value, path);
  }
}

type Shape = Record<string, OptionSchema>;
type OptionalKeys<SHAPE extends Shape> = {
  [KEY in keyof SHAPE]: undefined extends SHAPE[KEY]['input'] ? KEY : never;
}[keyof SHAPE];

/** What an object of options takes: its optional options may be left out. */
export type ObjectInput<SHAPE extends Shape> = Flatten<
  {
    [KEY in keyof SHAPE as KEY extends OptionalKeys<SHAPE> ? never : KEY]: SHAPE[KEY]['input'];
  } & {
    [KEY in keyof SHAPE as KEY extends OptionalKeys<SHAPE> ? KEY : never]?: SHAPE[KEY]['input'];
  }
>;

/** One object type of an intersection's fields, so that a value of another type is not taken for it. */
type Flatten<T> = { [KEY in keyof T]: T[KEY] };

/**
 * An object of options: a name it does not take is an issue of its own, with the name it most likely
 * misspells; a value that is not an object is refused as `expected <expected>, got <value>.`
 */
export class ObjectSchema<SHAPE extends Shape> extends OptionSchema<ObjectInput<SHAPE>> {
  constructor(
    readonly shape: SHAPE,
    readonly expected?: (value: unknown) => string,
  ) {
    super();
  }

  check(value: unknown, path: PropertyKey[]): OptionIssue[] {
    if (!isObject(value)) {
      return [{ type: 'refused', path, message: this.expected?.(value) ?? 'expected an object of options.' }];
    }
    const issues = Object.entries(this.shape).flatMap(([name, schema]) =>
      schema.check(value[name], [...path, name]),
    );
    const unknown = Object.keys(value).filter((name) => !Object.hasOwn(this.shape, name));
    if (unknown.length === 0) return issues;
    return [...issues, { type: 'unknown-names', path, names: unknown }];
  }

  /** Its options, by name, for code that walks any schema. */
  get fields(): Record<string, OptionSchema> {
    return this.shape;
  }

  /** The object without the options of `names`. */
  omit<NAME extends keyof SHAPE>(names: readonly NAME[]): ObjectSchema<Omit<SHAPE, NAME>> {
    const shape = Object.fromEntries(
      Object.entries(this.shape).filter(([name]) => !names.includes(name as NAME)),
    );
    return new ObjectSchema(shape as Omit<SHAPE, NAME>, this.expected);
  }
}

/** A value of one of several forms; a value of none is refused as `expected <expected>, got <value>.` */
export class UnionSchema<FORMS extends readonly OptionSchema[]> extends OptionSchema<FORMS[number]['input']> {
  constructor(
    readonly forms: FORMS,
    readonly expected: (value: unknown) => string,
  ) {
    super();
  }

  /** Its forms, for code that walks any schema. */
  get alternatives(): readonly OptionSchema[] {
    return this.forms;
  }

  check(value: unknown, path: PropertyKey[]): OptionIssue[] {
    const forms = this.forms.map((form) => form.check(value, path));
    if (forms.some((issues) => issues.length === 0)) return [];
    return [{ type: 'no-form', path, message: this.expected(value), forms }];
  }
}

/** Options by a key the caller chooses (prices by model id). */
export class RecordSchema<VALUE extends OptionSchema> extends OptionSchema<Record<string, VALUE['input']>> {
  constructor(
    readonly value: VALUE,
    readonly expected: (value: unknown) => string,
  ) {
    super();
  }

  /** The schema of each entry, for code that walks any schema. */
  get entry(): OptionSchema {
    return this.value;
  }

  check(value: unknown, path: PropertyKey[]): OptionIssue[] {
    if (!isObject(value)) return [{ type: 'refused', path, message: this.expected(value) }];
    return Object.entries(value).flatMap(([key, inner]) => this.value.check(inner, [...path, key]));
  }
}
