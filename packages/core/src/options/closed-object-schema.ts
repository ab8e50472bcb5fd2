import { isObject } from '../internal/is-object.js';
import { OptionSchema, type OptionIssue } from './option-schema.js';

/**
 * An object the loop takes as it is (`resume`, `telemetry`): its fields are checked by `accepts`, refused with
 * `message`, but its own names are still checked: a name not among `names` is refused as an unknown option,
 * like a misspelt option.
 */
export class ClosedObjectSchema<VALUE> extends OptionSchema<VALUE> {
  readonly names: readonly string[];

  constructor(
    names: Record<keyof Extract<VALUE, object>, true>,
    readonly accepts: (value: unknown) => boolean,
    readonly message: string,
  ) {
    super();
    this.names = Object.keys(names);
  }

  check(value: unknown, path: PropertyKey[]): OptionIssue[] {
    const unknown = isObject(value) ? Object.keys(value).filter((name) => !this.names.includes(name)) : [];
    if (unknown.length > 0) return [{ type: 'unknown-names', path, names: unknown }];
    return this.accepts(value) ? [] : [{ type: 'refused', path, message: this.message }];
  }
}

/** A `ClosedObjectSchema`, its arguments named. */
export function closedObjectSchema<VALUE>({
  names,
  accepts,
  message,
}: {
  names: Record<keyof Extract<VALUE, object>, true>;
  accepts: (value: unknown) => boolean;
  message: string;
}): ClosedObjectSchema<VALUE> {
  return new ClosedObjectSchema<VALUE>(names, accepts, message);
}
