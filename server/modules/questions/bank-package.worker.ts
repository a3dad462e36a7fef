import { parentPort } from 'node:worker_threads';
import { type PackageEntry, readBankPackage } from './bank-package';
import { transferablesOf, wireOf } from './bank-package.thread';

/**
 * A worker thread that reads one bank package (unzip, CSV parsing, row and photo checks,
 * hashing) so the event loop that answers every other request never waits on it. Started per
 * import by readBankPackageOffThread; answers once.
 */
parentPort?.once('message', (entries: PackageEntry[]) => {
  const read = wireOf(readBankPackage(entries));
  parentPort?.postMessage(read, transferablesOf(read));
});
