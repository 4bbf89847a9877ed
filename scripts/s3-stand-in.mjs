#!/usr/bin/env node
// npm run s3-stand-in: the S3 stand-in the tests use, as a process of its own, for demos and
// benchmarks of STORAGE=s3 with several server processes. Not an S3 server to keep files in.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { serverModule } from './lib/server-dist.mjs';

const USAGE = `Usage: npm run s3-stand-in -- [--port 9000] [--bucket NAME] [--access-key K] [--secret-key S]

Serves a stand-in of S3's API on 127.0.0.1 (buckets path-style, kept in memory, every request's
Signature V4 checked against the key pair), creating --bucket if given, and prints the settings a
server needs to use it (STORAGE=s3, S3_ENDPOINT, S3_BUCKET and the key pair).`;

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '9000' },
    bucket: { type: 'string' },
    'access-key': { type: 'string', default: 'stand-in' },
    'secret-key': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`s3-stand-in: --port must be a port number\n\n${USAGE}`);
  process.exit(1);
}
const { S3StandIn } = await serverModule('s3-stand-in', 'modules/media/s3-stand-in.js');
const keys = {
  accessKeyId: values['access-key'],
  secretAccessKey: values['secret-key'] ?? randomBytes(20).toString('hex'),
};
const standIn = new S3StandIn(keys);
const endpoint = await standIn.listen(port);
if (values.bucket && !standIn.createBucket(values.bucket)) {
  console.error(`s3-stand-in: ${values.bucket} is not a bucket name`);
  process.exit(1);
}
console.log(`S3 stand-in at ${endpoint} (objects in memory only)`);
console.log(
  [
    'STORAGE=s3',
    `S3_ENDPOINT=${endpoint}`,
    ...(values.bucket ? [`S3_BUCKET=${values.bucket}`] : []),
    `S3_ACCESS_KEY_ID=${keys.accessKeyId}`,
    `S3_SECRET_ACCESS_KEY=${keys.secretAccessKey}`,
  ].join('\n'),
);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    void standIn.close().then(() => process.exit(0));
  });
