#!/usr/bin/env node
// Drives the sandbox WhatsApp network of a running server (SANDBOX=true): scan a connection's QR,
// write to it as a customer, take a number off WhatsApp. Signs in as an admin of the company.
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { parseArgs } from 'node:util';
import { jsonRequest } from './lib/json-api.mjs';

const USAGE = `Usage: npm run sandbox -- <command> [arguments] [options]

Commands:
  scan <whatsappId> [--number N]        link the connection as if its QR code were scanned
  send <whatsappId> <from> ["text"]     a customer (number <from>) writes to the connection
       [--name N] [--id ID] [--image path] [--file path] [--location lat,lng[,description]] [--quoted ID]
  offline <number>                      mark a number as not on WhatsApp (for your company only)
  online <number>                       put it back on WhatsApp (for your company)
  pay <invoiceId> [--times N]           the stand-in PSP pays the invoice's latest Pix charge, sending
                                        its notification N times (PAYMENT_PROVIDER=sandbox)

Options:
  --server URL      the server (default http://localhost:8080, or SANDBOX_SERVER)
  --email E         an admin of the connection's company (or SANDBOX_EMAIL)
  --password P      its password (or SANDBOX_PASSWORD)
  -h, --help        this text`;

const MIME = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.mp4': 'video/mp4',
  '.txt': 'text/plain',
};

function fail(message, showUsage = false) {
  console.error(`sandbox: ${message}`);
  if (showUsage) console.error(`\n${USAGE}`);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      server: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      number: { type: 'string' },
      name: { type: 'string' },
      id: { type: 'string' },
      image: { type: 'string' },
      file: { type: 'string' },
      location: { type: 'string' },
      quoted: { type: 'string' },
      times: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
} catch (error) {
  fail(error.message, true);
}
const { values: opts, positionals } = parsed;
if (opts.help || positionals.length === 0) {
  console.log(USAGE);
  process.exit(opts.help ? 0 : 1);
}

const server = (opts.server ?? process.env.SANDBOX_SERVER ?? 'http://localhost:8080').replace(/\/+$/, '');
const email = opts.email ?? process.env.SANDBOX_EMAIL;
const password = opts.password ?? process.env.SANDBOX_PASSWORD;

function connectionId(value) {
  if (!/^\d+$/.test(value ?? '')) fail(`"${value ?? ''}" is not a connection id (a number)`, true);
  return value;
}

function explain(status, body) {
  if (body?.fields?.length) {
    return `${body.error}: ${body.fields.map((f) => `${f.field} (${f.message})`).join(', ')}`;
  }
  if (status === 404 && !body?.error) return 'not found: is SANDBOX=true on the server?';
  return body?.error ?? `HTTP ${status}`;
}

async function call(method, path, token, body) {
  let answer;
  try {
    answer = await jsonRequest(server, method, path, { token, body });
  } catch (error) {
    fail(`cannot reach ${server}: ${error.cause?.code ?? error.cause?.errors?.[0]?.code ?? error.message}`);
  }
  if (!answer.ok) fail(`${method} ${path} failed: ${explain(answer.status, answer.data)}`);
  return answer.data;
}

async function signIn() {
  if (!email || !password)
    fail('sign-in needed: pass --email and --password or set SANDBOX_EMAIL and SANDBOX_PASSWORD');
  const { token } = await call('POST', '/auth/login', null, { email, password });
  return token;
}

async function media(path) {
  let data;
  try {
    data = await readFile(path);
  } catch (error) {
    fail(`cannot read ${path}: ${error.code ?? error.message}`);
  }
  const mimetype = MIME[extname(path).toLowerCase()] ?? 'application/octet-stream';
  return { base64: data.toString('base64'), mimetype, filename: basename(path) };
}

function location(value) {
  const [lat, lng, ...rest] = value.split(',');
  if (!Number.isFinite(Number(lat)) || !Number.isFinite(Number(lng)) || lat === '' || lng === '') {
    fail(`--location wants lat,lng[,description], got "${value}"`);
  }
  const description = rest.join(',').trim();
  return { lat: Number(lat), lng: Number(lng), ...(description ? { description } : {}) };
}

const [command, ...args] = positionals;
switch (command) {
  case 'scan': {
    const id = connectionId(args[0]);
    const token = await signIn();
    const result = await call(
      'POST',
      `/sandbox/connections/${id}/scan`,
      token,
      opts.number ? { number: opts.number } : {},
    );
    console.log(`Connection ${id} is CONNECTED as ${result.number}`);
    break;
  }
  case 'send': {
    const id = connectionId(args[0]);
    const from = args[1];
    if (!from) fail('send needs the customer number: send <whatsappId> <from> "text"', true);
    const text = args.slice(2).join(' ');
    if (!text && !opts.image && !opts.file && !opts.location)
      fail('nothing to send: give a text, --image, --file or --location', true);
    const body = {
      from,
      ...(text ? { body: text } : {}),
      ...(opts.name ? { name: opts.name } : {}),
      ...(opts.id ? { id: opts.id } : {}),
      ...(opts.quoted ? { quotedId: opts.quoted } : {}),
      ...(opts.image || opts.file ? { media: await media(opts.image ?? opts.file) } : {}),
      ...(opts.location ? { location: location(opts.location) } : {}),
    };
    const token = await signIn();
    const result = await call('POST', `/sandbox/connections/${id}/messages`, token, body);
    console.log(`Delivered ${result.providerId} from ${from} to connection ${id}`);
    break;
  }
  case 'offline':
  case 'online': {
    const number = args[0];
    if (!number) fail(`${command} needs a number`, true);
    const token = await signIn();
    const result = await call('PUT', `/sandbox/numbers/${encodeURIComponent(number)}`, token, {
      onWhatsApp: command === 'online',
    });
    console.log(`${result.number} is ${result.onWhatsApp ? 'on' : 'not on'} WhatsApp now`);
    break;
  }
  case 'pay': {
    const invoiceId = args[0];
    if (!/^\d+$/.test(invoiceId ?? '')) fail(`"${invoiceId ?? ''}" is not an invoice id (a number)`, true);
    const times = opts.times === undefined ? 1 : Number(opts.times);
    if (!Number.isInteger(times) || times < 1 || times > 5) fail('--times wants a whole number from 1 to 5');
    const token = await signIn();
    const result = await call('POST', `/payment-sandbox/invoices/${invoiceId}/pay`, token, { times });
    const outcome = result.deliveries
      .map((d) => (d.status !== 200 ? `HTTP ${d.status}` : d.body?.duplicate ? 'duplicate, ignored' : 'accepted'))
      .join(', ');
    console.log(`Paid charge ${result.chargeId} of invoice ${invoiceId}: notification ${result.eventId} ${outcome}`);
    break;
  }
  default:
    fail(`unknown command "${command}"`, true);
}
