// On PostgreSQL, each Jest worker uses a database of its own (api/scripts/test.mjs creates
// `<name>_w1`, `<name>_w2`, …): a worker runs its files one after another, so a file that counts
// rows (the fuzz test) sees only its own writes, and the files of two workers never meet.
// Runs before each test file, so helpers.ts and the API processes the tests start read this URL.
const url = process.env.DATABASE_URL;
const worker = process.env.JEST_WORKER_ID;
if (url && worker) {
  const perWorker = new URL(url);
  perWorker.pathname = `${perWorker.pathname}_w${worker}`;
  process.env.DATABASE_URL = perWorker.toString();
}
