import picocolors from 'picocolors';

/** picocolors' formatters, on or off. */
export type Colors = ReturnType<typeof picocolors.createColors>;

/** Formatters that color when `enabled`, and return their input unchanged otherwise. */
export function createColors(enabled: boolean): Colors {
  return picocolors.createColors(enabled);
}
