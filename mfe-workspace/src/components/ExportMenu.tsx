// The one export menu lives in the kit (every remote's lists export the same way).
export { ExportMenu } from '@stockwise/kit';
