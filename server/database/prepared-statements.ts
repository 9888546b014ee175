/**
 * A repository's named prepared statements, each built the first time it is asked for: a hot read then neither builds
 * its SQL again (drizzle's query builder costs more than the query on a small row) nor has PostgreSQL parse it again on
 * a connection that ran it before. PostgreSQL's names are per connection, so a new connection prepares it again.
 */
export class PreparedStatements {
  private readonly statements = new Map<string, unknown>();

  /** `prefix` keeps one repository's names apart from another's. */
  constructor(private readonly prefix: string) {}

  get<T>(name: string, build: (name: string) => T): T {
    let statement = this.statements.get(name) as T | undefined;
    if (!statement) this.statements.set(name, (statement = build(`${this.prefix}_${name}`)));
    return statement;
  }
}
