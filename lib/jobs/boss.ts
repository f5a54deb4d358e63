import PgBoss from "pg-boss";
import type { Logger } from "pino";
import { getDb } from "../db/client";
import { CLEANUP_CRON, CLEANUP_QUEUE, runRetentionCleanup } from "./cleanup";

/**
 * The job queue (pg-boss on the service's own PostgreSQL). Scale-out is N web processes plus
 * M `npm run worker` processes against one database; pg-boss hands each job to one worker.
 */
export async function startQueue(databaseUrl: string, opts: { work: boolean; log: Logger }): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: "pgboss", max: 4 });
  boss.on("error", (err) => opts.log.error({ err }, "job queue error"));
  await boss.start();
  await boss.createQueue(CLEANUP_QUEUE);
  await boss.schedule(CLEANUP_QUEUE, CLEANUP_CRON, {}, { tz: "UTC" });
  if (opts.work) {
    await boss.work(CLEANUP_QUEUE, async () => {
      const removed = await runRetentionCleanup(getDb());
      opts.log.info({ job: CLEANUP_QUEUE, removed }, "retention cleanup done");
      return removed;
    });
  }
  return boss;
}
