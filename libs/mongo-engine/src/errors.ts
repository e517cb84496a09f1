// MongoDB-shaped command errors: every failure a client sees carries { ok: 0, errmsg, code, codeName }.

export const ErrorCodes = {
  BadValue: 2,
  FailedToParse: 9,
  TypeMismatch: 14,
  IllegalOperation: 20,
  InvalidBSON: 22,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  PathNotViable: 28,
  CursorNotFound: 43,
  NamespaceExists: 48,
  DollarPrefixedFieldName: 52,
  CommandNotFound: 59,
  ImmutableField: 66,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  NotImplemented: 238,
  BSONObjectTooLarge: 10334,
  DuplicateKey: 11000,
  UnknownReplWriteConcern: 79,
  Location40324: 40324,
  Location40352: 40352,
  Location40415: 40415,
} as const;

export type CodeName = keyof typeof ErrorCodes;

export class CommandError extends Error {
  readonly code: number;
  readonly codeName: string;
  /** extra fields copied into the error reply / writeError (keyPattern, keyValue, ...) */
  readonly extra: Record<string, unknown>;

  constructor(codeName: CodeName, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.code = ErrorCodes[codeName];
    this.codeName = codeName;
    this.extra = extra;
  }

  toReply(): Record<string, unknown> {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }
}

/** Turn anything thrown while running a command into a reply, naming the command so users know what failed. */
export function errorReply(err: unknown, commandName: string): Record<string, unknown> {
  if (err instanceof CommandError) return err.toReply();
  const message = err instanceof Error ? err.message : String(err);
  // mingo throws plain errors for bad operators / expressions: report them as BadValue, like a server parse error.
  return { ok: 0, errmsg: `${commandName}: ${message}`, code: ErrorCodes.BadValue, codeName: 'BadValue' };
}
