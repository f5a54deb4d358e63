import pino from "pino";

/** Structured JSON logs. One logger for the process; children carry request ids. */
export const log = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: { service: "website-intelligence" },
  timestamp: pino.stdTimeFunctions.isoTime,
});
