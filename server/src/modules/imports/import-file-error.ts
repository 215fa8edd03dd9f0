/**
 * A file the import cannot read, with the Russian reason per field: thrown where the file is read
 * (off the API's thread too, where it travels as its message and fields) and answered as a 422.
 */
export class ImportFileError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ImportFileError';
  }
}
