/** A test Ed25519 key pair and Discord-style request signing (X-Signature-Ed25519 over timestamp + body). */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

/** A key pair as the fake Discord holds it: the private key signs, the hex public key goes to DISCORD_PUBLIC_KEY. */
export interface SigningKeys {
  privateKey: KeyObject;
  /** 64 hex characters, as the Developer Portal shows an application's public key. */
  publicKeyHex: string;
}

/** A fresh key pair (never a real application's). */
export function testSigningKeys(): SigningKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  // SPKI DER of an Ed25519 key is a 12-byte prefix followed by the raw 32-byte key.
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return { privateKey, publicKeyHex: der.subarray(12).toString('hex') };
}

/** The two headers Discord adds to an interaction POST. */
export function signatureHeaders(keys: SigningKeys, body: string | Buffer, timestamp = String(Math.floor(Date.now() / 1000))): Record<string, string> {
  const data = Buffer.concat([Buffer.from(timestamp), typeof body === 'string' ? Buffer.from(body) : body]);
  return { 'x-signature-ed25519': sign(null, data, keys.privateKey).toString('hex'), 'x-signature-timestamp': timestamp };
}
