/** HTTP plumbing for the fake: reading JSON or multipart bodies and tiny path routing. */
import type { IncomingMessage } from 'node:http';
import type { RecordedFile } from './types.js';

/** A parsed request body: JSON (or payload_json of a multipart body) plus uploaded files. */
export interface ParsedBody {
  json: unknown;
  files: RecordedFile[];
  /** Set when the body could not be parsed (answered 400 50109 like Discord). */
  invalid?: string;
}

/** Reads the whole request body. */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Parses JSON or multipart/form-data (payload_json + files[n]) the way Discord accepts them. */
export async function parseBody(contentType: string | undefined, raw: Buffer): Promise<ParsedBody> {
  if (raw.length === 0) return { json: undefined, files: [] };
  const ct = contentType ?? '';
  if (ct.startsWith('multipart/form-data')) {
    try {
      const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': ct } }).formData();
      let json: unknown = {};
      const files: RecordedFile[] = [];
      for (const [field, value] of form.entries()) {
        if (typeof value === 'string') {
          if (field === 'payload_json') json = JSON.parse(value);
        } else {
          const data = Buffer.from(await value.arrayBuffer());
          files.push({ field, filename: value.name, contentType: value.type, size: data.length, data });
        }
      }
      return { json, files };
    } catch (err) {
      return { json: undefined, files: [], invalid: `multipart: ${(err as Error).message}` };
    }
  }
  // OAuth2's token route takes a form, as Discord's does.
  if (ct.startsWith('application/x-www-form-urlencoded')) return { json: Object.fromEntries(new URLSearchParams(raw.toString('utf8'))), files: [] };
  try {
    return { json: JSON.parse(raw.toString('utf8')), files: [] };
  } catch (err) {
    return { json: undefined, files: [], invalid: `json: ${(err as Error).message}` };
  }
}

/** Matches `/a/:x/b` against a path; returns the captured params or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/');
  const s = path.split('/');
  if (p.length !== s.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const want = p[i]!;
    const got = s[i]!;
    if (want.startsWith(':')) {
      if (got === '') return null;
      params[want.slice(1)] = got;
    } else if (want !== got) {
      return null;
    }
  }
  return params;
}
