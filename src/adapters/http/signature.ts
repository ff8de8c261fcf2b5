/** Ed25519 verification of Discord's interaction requests with node:crypto (no extra dependency). */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** DER prefix that wraps a raw 32-byte Ed25519 public key as SubjectPublicKeyInfo. */
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** Turns the application's public key (64 hex characters, as the Developer Portal shows it) into a KeyObject. */
export function publicKeyFromHex(hex: string): KeyObject {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('public key must be 64 hex characters');
  return createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
}

/** Checks `X-Signature-Ed25519` over `X-Signature-Timestamp` + raw body; false for anything missing or malformed. */
export type SignatureCheck = (signatureHex: string | undefined, timestamp: string | undefined, body: Buffer) => boolean;

/** Builds the check once per key (the KeyObject is reused for every request). */
export function signatureVerifier(publicKeyHex: string): SignatureCheck {
  const key = publicKeyFromHex(publicKeyHex);
  return (signatureHex, timestamp, body) => {
    if (!signatureHex || !timestamp || !/^[0-9a-fA-F]{128}$/.test(signatureHex)) return false;
    try {
      return verify(null, Buffer.concat([Buffer.from(timestamp, 'utf8'), body]), key, Buffer.from(signatureHex, 'hex'));
    } catch {
      return false;
    }
  };
}

/**
 * True when `timestamp` (Unix seconds, as Discord sends it) lies within `maxSkewSeconds` of `nowMs`: a signed
 * request captured and replayed later is refused even though its signature is still good.
 */
export function isFreshTimestamp(timestamp: string | undefined, nowMs: number, maxSkewSeconds: number): boolean {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(nowMs / 1000 - Number(timestamp)) <= maxSkewSeconds;
}
