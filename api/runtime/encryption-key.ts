import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { decodeKey, type Config } from '../config';

/**
 * ENCRYPTION_KEY when set; on embedded defaults a key generated once and kept in
 * DATA_DIR/encryption.key (mode 0600), so tokens and encrypted rows survive restarts.
 */
export function resolveEncryptionKey(config: Config): Buffer {
  if (config.encryptionKey) return config.encryptionKey;
  const file = path.join(config.dataDir, 'encryption.key');
  if (fs.existsSync(file)) {
    const key = decodeKey(fs.readFileSync(file, 'utf8').trim());
    if (!key) throw new Error(`${file} does not hold a 32-byte key; delete it or set ENCRYPTION_KEY`);
    return key;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const key = crypto.randomBytes(32);
  fs.writeFileSync(file, key.toString('hex') + '\n', { mode: 0o600 });
  return key;
}
