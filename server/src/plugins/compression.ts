import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
const THRESHOLD = 1024;
/** Up to this size the answer is compressed in place; larger ones on the libuv thread pool. */
const INLINE_LIMIT = 128 * 1024;
/** Cheap brotli: within ~10 % of the best size for JSON, at a third of the CPU of quality 4. */
const BROTLI_QUALITY = 2;

type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (`br` before `gzip`), or none; `q=0` refuses one. */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function compress(encoding: Encoding, body: Buffer): Buffer | Promise<Buffer> {
  if (encoding === 'br') {
    const options = {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    };
    return body.length <= INLINE_LIMIT ? brotliCompressSync(body, options) : brotliAsync(body, options);
  }
  return body.length <= INLINE_LIMIT ? gzipSync(body, { level: 5 }) : gzipAsync(body, { level: 5 });
}

/**
 * JSON (and other text) answers of the API above 1 KB go compressed with the encoding the client
 * accepts. The whole answer is compressed at once into one buffer with its Content-Length — no
 * stream per response: for the API's answers (a few KB to a few hundred KB) that is several times
 * cheaper than a compression stream and lets Node write the answer in one call.
 * Files the API sends (.xlsx, already compressed) and answers that set an encoding pass untouched.
 * Added to the /api context only: the built front end is served precompressed (`frontend.ts`).
 */
export function addApiCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (request.method === 'HEAD' || reply.hasHeader('content-encoding')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!/^(application\/(json|problem\+json)|text\/)/.test(type)) return payload;
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < THRESHOLD) return payload;

    reply.header('vary', 'accept-encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = await compress(encoding, typeof payload === 'string' ? Buffer.from(payload) : payload);
    reply.header('content-encoding', encoding);
    reply.header('content-length', body.length);
    return body;
  });
}
