/** A recording that cannot be read: which file, and why. */
export class RecordingFileError extends Error {
  override readonly name = 'RecordingFileError';
}
