import { AppError, type ErrorCode } from '../errors/app-error';

interface PostgresErrorFields {
  code: string;
  detail?: string;
  column?: string;
}

/** The driver's error inside whatever wrapped it (drizzle's DrizzleQueryError keeps it as `cause`). */
function postgresError(error: unknown): PostgresErrorFields | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PostgresErrorFields;
  }
  return undefined;
}

/** PostgreSQL error code of a failed query, whether drizzle wrapped the driver's error or not. */
export function postgresErrorCode(error: unknown): string | undefined {
  return postgresError(error)?.code;
}

export const FOREIGN_KEY_VIOLATION = '23503';
export const UNIQUE_VIOLATION = '23505';

type ClientFault = { code: ErrorCode; message: string };

const INVALID_VALUE: ClientFault = { code: 'VALIDATION_FAILED', message: 'A value is not valid.' };

/**
 * SQLSTATEs that mean the request held a value the database refused: class 22 (data exception) and class 23
 * (integrity constraint). Anything else (a lost connection, a syntax error, a deadlock) is the server's fault.
 */
const CLIENT_FAULTS: Record<string, ClientFault> = {
  '22P02': { code: 'VALIDATION_FAILED', message: 'A value has the wrong format.' },
  '22003': { code: 'VALIDATION_FAILED', message: 'A number is out of range.' },
  '22021': { code: 'VALIDATION_FAILED', message: 'A text contains a character that cannot be saved (a NUL or a broken emoji).' },
  '22P05': { code: 'VALIDATION_FAILED', message: 'A text contains a character that cannot be saved (a NUL or a broken emoji).' },
  '22001': { code: 'VALIDATION_FAILED', message: 'A text is too long.' },
  '22007': { code: 'VALIDATION_FAILED', message: 'A date is not valid.' },
  '22008': { code: 'VALIDATION_FAILED', message: 'A date is out of range.' },
  '23502': { code: 'VALIDATION_FAILED', message: 'A required value is missing.' },
  '23514': { code: 'VALIDATION_FAILED', message: 'A value is not allowed.' },
  [FOREIGN_KEY_VIOLATION]: { code: 'VALIDATION_FAILED', message: 'A referenced record does not exist.' },
  [UNIQUE_VIOLATION]: { code: 'CONFLICT', message: 'A record with this value already exists.' },
  '23P01': { code: 'CONFLICT', message: 'The record conflicts with an existing one.' },
  // An indexed text too large for its index entry.
  '54000': { code: 'VALIDATION_FAILED', message: 'A value is too long.' },
};

/** The column a constraint error names: `Key (status_id)=(5) is not present in table …`, or the `column` field. */
function faultyColumn(error: PostgresErrorFields): string | undefined {
  return error.column ?? /^Key \(([a-z_][a-z0-9_]*)\)=/.exec(error.detail ?? '')?.[1];
}

/**
 * The answer to a database error the client caused, or undefined when it is the server's fault. A safety net behind
 * the input schemas: the message says what kind of value was refused, never the query, the table or the value.
 */
export function clientDatabaseError(error: unknown): AppError | undefined {
  const pgError = postgresError(error);
  if (!pgError) return undefined;
  // Deleting a row others still point at is a conflict with the current state, not an invalid value.
  if (pgError.code === FOREIGN_KEY_VIOLATION && /still referenced/.test(pgError.detail ?? '')) {
    return new AppError('CONFLICT', 'The record is still in use.');
  }
  const fault = CLIENT_FAULTS[pgError.code] ?? (pgError.code.startsWith('22') ? INVALID_VALUE : undefined);
  if (!fault) return undefined;
  if (fault.code !== 'VALIDATION_FAILED') return new AppError(fault.code, fault.message);
  return new AppError(fault.code, fault.message, { [faultyColumn(pgError) ?? 'request']: [fault.message] });
}
