/** What db:backup and db:restore say when the database is a PostgreSQL server's (DATABASE_URL). */
export const POSTGRES_BACKUP_HELP = [
  'DATABASE_URL is set: the database lives on a PostgreSQL server, which PostgreSQL backs up itself.',
  'Back up (the server may keep running; pg_dump reads one consistent snapshot):',
  '  pg_dump -Fc --no-owner -f meridian.dump "$DATABASE_URL"',
  '  tar -czf meridian-files.tar.gz -C "$DATA_DIR" uploads   # and outbox.jsonl if you keep it',
  'Restore (servers stopped, into an empty or existing database):',
  '  pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" meridian.dump',
  '  tar -xzf meridian-files.tar.gz -C "$DATA_DIR"',
  'See the README, "Backups".',
].join('\n');
