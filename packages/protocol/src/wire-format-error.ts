/**
 * Input that does not fit the schema; `field` is the JSON path of the offending field. On its own
 * so the web client's binary codec can throw it without plain.ts's protobuf-es imports.
 */
export class WireFormatError extends Error {
  override name = 'WireFormatError';
  constructor(
    readonly field: string,
    detail: string,
  ) {
    super(field ? `field "${field}": ${detail}` : detail);
  }
}
