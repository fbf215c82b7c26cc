// Imported first by run.ts: the handlers' logger reads LOG_LEVEL when its module loads, before the local
// stack sets it, and one JSON line per request on the terminal would be part of every measured call.
process.env.LOG_LEVEL ??= 'WARN';
