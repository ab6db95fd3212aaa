/**
 * A throwaway self-signed certificate for *.localhost, made once with the system's openssl and
 * kept in the given folder: the local HTTP/2 server (a CDN stand-in) needs TLS, as browsers speak
 * HTTP/2 only over TLS. Only for loopback tests and benchmarks.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function localCertificate(dir: string): { key: Buffer; cert: Buffer } {
  const key = join(dir, 'localhost-key.pem');
  const cert = join(dir, 'localhost-cert.pem');
  if (!existsSync(key) || !existsSync(cert)) {
    mkdirSync(dir, { recursive: true });
    const r = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '30',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,DNS:*.localhost,DNS:de.localhost,DNS:at.localhost,DNS:ro.localhost,IP:127.0.0.1',
      ],
      { encoding: 'utf8' },
    );
    if (r.error || r.status !== 0) throw new Error(`a local TLS certificate needs openssl (apt-get install openssl): ${r.error?.message ?? r.stderr}`);
  }
  return { key: readFileSync(key), cert: readFileSync(cert) };
}
