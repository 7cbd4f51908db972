import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { connectDatabase, type Database, type DatabaseConnection } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedDatabase } from '../db/seed';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The driver-level connection behind `db` (the job queue shares it). */
    dbConnection: DatabaseConnection;
  }
}

export interface DatabasePluginOptions {
  config: AppConfig;
  /** Supplied by tests (in-memory PGlite or a throw-away PostgreSQL database); the caller then closes it. */
  connection?: DatabaseConnection;
}

/** Opens the database the config names, brings its schema up to date and seeds it, before any route runs. */
async function databasePlugin(app: FastifyInstance, { config, connection }: DatabasePluginOptions) {
  const conn = connection ?? (await connectDatabase(config));
  if (!connection) app.addHook('onClose', () => conn.close());
  app.log.info({ driver: conn.driver }, 'Database opened; applying migrations');
  await runMigrations(conn);
  await seedDatabase(conn.db, { admin: config.admin, log: app.log });
  app.decorate<Database>('db', conn.db);
  app.decorate<DatabaseConnection>('dbConnection', conn);
}

export const database = fp(databasePlugin, { name: 'database' });
