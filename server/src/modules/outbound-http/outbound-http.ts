import { lookup as systemLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './address-policy.js';

export interface OutboundHttpOptions {
  /** Which resolved addresses may be reached. Production allows global unicast only; tests widen it. */
  allowAddress?: (address: string) => boolean;
  /** Name resolution, every address of a host; the system resolver (getaddrinfo) by default. */
  resolve?: (hostname: string) => Promise<string[]>;
  userAgent?: string;
}

export interface FetchLimits {
  maxBytes: number;
  /** For the whole fetch: resolution, connection, redirects and body. */
  timeoutMs: number;
  maxRedirects?: number;
}

export interface Fetched {
  /** Where the body came from, after redirects. */
  url: string;
  contentType: string | null;
  body: Buffer;
}

/**
 * Why a fetch gave nothing: `refused` (an address the policy forbids, before any byte was sent),
 * `too-large` (over maxBytes), or `failed` (unreachable, timed out, not 2xx, bad URL, too many
 * redirects).
 */
export class OutboundError extends Error {
  constructor(
    readonly reason: 'refused' | 'too-large' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

async function resolveAll(hostname: string): Promise<string[]> {
  return (await systemLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
}

/**
 * The one way the server fetches a URL a user gave it (media by URL, the integrations' webhooks
 * and Typebot). Every host is resolved and every address it resolves to must pass the
 * policy, or nothing is sent; the socket then connects to those checked addresses only (our
 * lookup is the socket's), so a DNS answer that changes between check and connect cannot slip a
 * private address in. Redirects are followed by hand, each hop checked the same way. GET, and POST
 * for webhooks; no cookies, no Authorization, and the URL's user:password is dropped.
 */
export class OutboundHttp {
  private readonly allowAddress: (address: string) => boolean;
  private readonly resolve: (hostname: string) => Promise<string[]>;
  private readonly userAgent: string;

  constructor(options: OutboundHttpOptions = {}) {
    this.allowAddress = options.allowAddress ?? isPublicAddress;
    this.resolve = options.resolve ?? resolveAll;
    this.userAgent = options.userAgent ?? 'Atendo';
  }

  async get(url: string, limits: FetchLimits): Promise<Fetched> {
    const signal = AbortSignal.timeout(limits.timeoutMs);
    const maxRedirects = limits.maxRedirects ?? 5;
    let current = this.parse(url);
    for (let hop = 0; ; hop++) {
      const response = await this.send(current, signal);
      const location = response.headers.location;
      if (REDIRECTS.has(response.statusCode ?? 0) && location) {
        response.resume();
        if (hop >= maxRedirects) throw new OutboundError('failed', `more than ${maxRedirects} redirects`);
        current = this.parse(location, current);
        continue;
      }
      if ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) >= 300) {
        response.resume();
        throw new OutboundError('failed', `answered ${response.statusCode}`);
      }
      const body = await readCapped(response, limits.maxBytes);
      return { url: current.href, contentType: response.headers['content-type'] ?? null, body };
    }
  }

  /**
   * POSTs `body` to `url` with `headers` (a webhook): the same address checks as get, no redirect
   * followed (a POST's body is not sent twice), the answer read within `limits.maxBytes`.
   */
  async post(
    url: string,
    body: Buffer,
    headers: Record<string, string>,
    limits: Pick<FetchLimits, 'maxBytes' | 'timeoutMs'>,
  ): Promise<Fetched & { status: number }> {
    const signal = AbortSignal.timeout(limits.timeoutMs);
    const target = this.parse(url);
    const response = await this.send(target, signal, { method: 'POST', headers, body });
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      response.resume();
      throw new OutboundError('failed', `answered ${status}`);
    }
    const answer = await readCapped(response, limits.maxBytes);
    return { url: target.href, status, contentType: response.headers['content-type'] ?? null, body: answer };
  }

  private parse(raw: string, base?: URL): URL {
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      throw new OutboundError('failed', 'not a URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('failed', 'not http(s)');
    return url;
  }

  private send(
    url: URL,
    signal: AbortSignal,
    post: { method: 'POST'; headers: Record<string, string>; body: Buffer } | null = null,
  ): Promise<IncomingMessage> {
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    // Sockets skip the lookup for an address literal, so a literal is judged here.
    if (isIP(host) && !this.allowAddress(host)) {
      return Promise.reject(new OutboundError('refused', `${host} is not a public address`));
    }
    const options: RequestOptions = {
      method: post?.method ?? 'GET',
      host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      headers: {
        accept: '*/*',
        ...post?.headers,
        'user-agent': this.userAgent,
        ...(post ? { 'content-length': String(post.body.length) } : {}),
      },
      lookup: this.lookup,
      // A pooled socket could belong to a host checked for another request.
      agent: false,
      signal,
    };
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = request(options, resolve);
      req.on('error', (error) =>
        reject(error instanceof OutboundError ? error : new OutboundError('failed', error.message)),
      );
      req.end(post?.body);
    });
  }

  private readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.resolve(hostname).then(
      (found) => {
        const refused = found.find((address) => !this.allowAddress(address));
        if (refused) return callback(new OutboundError('refused', `${hostname} resolves to ${refused}`), '', 0);
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = found.filter((address) => !family || isIP(address) === family);
        if (!usable.length) return callback(new OutboundError('failed', `${hostname} has no address`), '', 0);
        if (options.all)
          callback(
            null,
            usable.map((address) => ({ address, family: isIP(address) })),
          );
        else callback(null, usable[0], isIP(usable[0]));
      },
      (error: Error) => callback(new OutboundError('failed', error.message), '', 0),
    );
  };
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  // Checked up front when announced, and counted as it streams: a missing or lying length proves nothing.
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
    response.destroy();
    throw new OutboundError('too-large', 'announced over the limit');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        response.destroy();
        throw new OutboundError('too-large', 'over the limit');
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    throw new OutboundError('failed', (error as Error).message);
  }
  return Buffer.concat(chunks);
}
