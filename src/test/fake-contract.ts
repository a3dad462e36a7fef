import { afterEach } from 'vitest';
import { contractViolation } from '../../tests/api/contract-conformance';

/** What the running test's fake servers answered outside the contract. */
const offContractAnswers: string[] = [];

/**
 * Holds a web test's fake answer to the contract, as the API tests hold the real server's
 * (tests/api/contract-conformance.ts): one outside it fails the test, so screens are not tested
 * against shapes the server never sends. Any server error passes (a proxy may answer 502 to any
 * call, and the app must cope), as does an answer whose test says why it is off the contract.
 */
export function holdFakeToContract(
  request: Request,
  status: number,
  body: unknown,
  offContract?: string,
): void {
  if (status >= 500 || offContract) return;
  const { pathname } = new URL(request.url);
  const violation = contractViolation(request.method, pathname, status, 'application/json', body);
  if (violation) offContractAnswers.push(violation);
}

/** The off-contract answers so far, forgotten (a test of the check itself). */
export function takeOffContractAnswers(): string[] {
  return offContractAnswers.splice(0);
}

afterEach(() => {
  const answers = [...new Set(takeOffContractAnswers())];
  if (answers.length > 0)
    throw new Error(
      `the fake server answered outside the contract (fix the fake, or say why in offContract):\n${answers.join('\n')}`,
    );
});
