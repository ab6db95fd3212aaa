/**
 * The failures an operator meets, each with a clear message and its own exit code.
 * Anything else is a bug or an unexpected database error and exits with 1.
 */
export const EXIT = {
  failed: 1,
  usage: 2,
  cannotConnect: 3,
  accessDenied: 4,
  notThelia: 5,
  missingLanguage: 6,
  interrupted: 130,
} as const;

export class ExportFailure extends Error {
  readonly exitCode: number;
  readonly hint: string | undefined;
  constructor(message: string, exitCode: number = EXIT.failed, hint?: string) {
    super(message);
    this.name = 'ExportFailure';
    this.exitCode = exitCode;
    this.hint = hint;
  }
}

interface SqlError {
  code?: string;
  errno?: number;
  sqlMessage?: string;
  message?: string;
}

/** Turns a mysql2 error met while connecting into an ExportFailure an operator can act on. */
export function connectionFailure(error: unknown, where: { host: string; port: number; user: string; database: string }): ExportFailure {
  const e = (error ?? {}) as SqlError;
  const at = `${where.host}:${where.port}`;
  switch (e.code) {
    case 'ECONNREFUSED':
      return new ExportFailure(`cannot connect to ${at}: connection refused (is the MySQL/MariaDB server running, and on this port?)`, EXIT.cannotConnect);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ExportFailure(`cannot connect to ${at}: the host name "${where.host}" does not resolve`, EXIT.cannotConnect);
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new ExportFailure(`cannot connect to ${at}: no answer (${e.code}); check the host, the port and any firewall`, EXIT.cannotConnect);
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR':
      return new ExportFailure(
        `wrong user or password: the server at ${at} refused user "${where.user}"`,
        EXIT.accessDenied,
        'check the user and password in --db; the user also needs to be allowed to connect from this machine',
      );
    case 'ER_DBACCESS_DENIED_ERROR':
      return new ExportFailure(
        `user "${where.user}" may not read database "${where.database}" on ${at}`,
        EXIT.accessDenied,
        `grant it: GRANT SELECT ON \`${where.database}\`.* TO '${where.user}'@'<host>'`,
      );
    case 'ER_BAD_DB_ERROR':
      return new ExportFailure(`database "${where.database}" does not exist on ${at}`, EXIT.notThelia);
    default:
      return new ExportFailure(`cannot connect to ${at}: ${e.sqlMessage ?? e.message ?? String(error)}`, EXIT.cannotConnect);
  }
}

/** Wraps an error met while reading, so that the message says what was being read. */
export function queryFailure(error: unknown, what: string): ExportFailure {
  if (error instanceof ExportFailure) return error;
  const e = (error ?? {}) as SqlError;
  switch (e.code) {
    case 'ER_NO_SUCH_TABLE':
    case 'ER_BAD_FIELD_ERROR':
      return new ExportFailure(`wrong schema while reading ${what}: ${e.sqlMessage}. The database does not look like Thelia 2.5 or 2.6.`, EXIT.notThelia);
    case 'ER_TABLEACCESS_DENIED_ERROR':
    case 'ER_COLUMNACCESS_DENIED_ERROR':
      return new ExportFailure(`permission denied while reading ${what}: ${e.sqlMessage}`, EXIT.accessDenied, 'the export user needs SELECT on every table of the Thelia database');
    case 'PROTOCOL_CONNECTION_LOST':
    case 'ECONNRESET':
      return new ExportFailure(`the database connection was lost while reading ${what}`, EXIT.cannotConnect);
    default:
      return new ExportFailure(`error while reading ${what}: ${e.sqlMessage ?? e.message ?? String(error)}`, EXIT.failed);
  }
}
