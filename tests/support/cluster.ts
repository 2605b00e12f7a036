import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../src/server/project-paths';
import { staffCredentials } from '../../src/server/test-support/test-app';
import { findFreePort } from './free-port';

const run = promisify(execFile);
const clusterScript = path.join(projectRoot, 'scripts', 'cluster.sh');
const portNames = ['PRIMARY', 'STANDBY', 'PGBOUNCER', 'APP1', 'APP2', 'NGINX', 'SMTP', 'SMS', 'CLEARING'] as const;

/** A cluster of scripts/cluster.sh of a test file's own, in a temporary folder on free ports. */
export type Cluster = {
  /** nginx: the address clients use. */
  baseUrl: string;
  stateDir: string;
  ports: Record<(typeof portNames)[number], number>;
  /** The node PgBouncer serves, straight (not through PgBouncer), as the superuser: for checks. */
  servingDatabaseUrl: () => string;
  /** The standby, straight, while it is one. */
  standbyDatabaseUrl: string;
  /** The clearing house both instances pay through: its address and its books' PGlite folder (readable once it has stopped). */
  clearingUrl: string;
  clearingBooksDir: string;
  /** The messages the mail catcher has written. */
  mailFiles: () => string[];
  /** Runs `scripts/cluster.sh <args>` on this cluster and answers what it printed. */
  command: (...args: string[]) => Promise<string>;
  /** Stops everything; removes the folder unless told to keep it (its logs explain a failed drill). */
  down: (options?: { keepState: boolean }) => Promise<void>;
};

/** Whether this machine can run the cluster, or why not. */
export function clusterPrerequisites(): { missing?: string } {
  const needed = ['/usr/lib/postgresql/15/bin/initdb', '/usr/sbin/pgbouncer', '/usr/sbin/nginx'];
  const missing = needed.filter((file) => !fs.existsSync(file));
  return missing.length === 0 ? {} : { missing: `${missing.join(', ')} missing (apt-get install -y postgresql-15 pgbouncer nginx)` };
}

export async function startCluster(): Promise<Cluster> {
  const stateDir = path.join(os.tmpdir(), `bank-cluster-${randomBytes(4).toString('hex')}`);
  const ports = {} as Cluster['ports'];
  for (const name of portNames) ports[name] = await findFreePort();
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    CLUSTER_STATE_DIR: stateDir,
    ...Object.fromEntries(portNames.map((name) => [`CLUSTER_${name}_PORT`, String(ports[name])])),
    STAFF_EMAIL: staffCredentials.email,
    STAFF_PASSWORD: staffCredentials.password,
    RATE_LIMIT_MULTIPLIER: '1000',
    LOG_LEVEL: 'warn',
  };
  delete environment.DATABASE_URL;
  const command = async (...args: string[]) => {
    try {
      const { stdout } = await run(clusterScript, args, { cwd: projectRoot, env: environment, encoding: 'utf8' });
      return stdout;
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string };
      throw new Error(`scripts/cluster.sh ${args.join(' ')} failed:\n${failed.stdout ?? ''}${failed.stderr ?? String(error)}`);
    }
  };
  const directUrl = (port: number) => `postgres://postgres@127.0.0.1:${port}/bank`;
  const cluster: Cluster = {
    baseUrl: `http://127.0.0.1:${ports.NGINX}`,
    stateDir,
    ports,
    servingDatabaseUrl: () => directUrl(fs.readFileSync(path.join(stateDir, 'serving-node'), 'utf8').trim() === 'primary' ? ports.PRIMARY : ports.STANDBY),
    standbyDatabaseUrl: directUrl(ports.STANDBY),
    clearingUrl: `http://127.0.0.1:${ports.CLEARING}`,
    clearingBooksDir: path.join(stateDir, 'clearing', 'books'),
    mailFiles: () => {
      const inbox = path.join(stateDir, 'mail', 'inbox');
      return fs.existsSync(inbox) ? fs.readdirSync(inbox).map((name) => path.join(inbox, name)) : [];
    },
    command,
    async down(options = { keepState: false }) {
      if (fs.existsSync(path.join(stateDir, 'cluster.env'))) await command('down');
      if (options.keepState) console.log(`the cluster's state and logs stay in ${stateDir}`);
      else fs.rmSync(stateDir, { recursive: true, force: true });
    },
  };
  try {
    await command('up');
  } catch (error) {
    // A cluster that came half up is stopped as far as it got; its logs are printed with the error.
    await command('down').catch(() => undefined);
    throw error;
  }
  return cluster;
}
