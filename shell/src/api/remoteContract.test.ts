import { contractProblem, SUPPORTED_REMOTE_CONTRACTS } from './remoteContract';
import { REMOTE_CONTRACT_VERSION } from '@skillquiz/contracts/constants';

const manifest = (contractVersion: unknown, buildVersion = '2.0.0') => ({
  metaData: { contractVersion, buildInfo: { buildVersion } },
});

describe('contractProblem', () => {
  it('accepts a remote built against the contract this shell is built against', () => {
    expect(SUPPORTED_REMOTE_CONTRACTS.max).toBe(REMOTE_CONTRACT_VERSION);
    expect(contractProblem('mfe_quiz', manifest(REMOTE_CONTRACT_VERSION))).toBeNull();
  });

  it('accepts every version inside the supported range and nothing outside it', () => {
    const range = { min: 2, max: 4 };
    expect(contractProblem('mfe_demo', manifest(2), range)).toBeNull();
    expect(contractProblem('mfe_demo', manifest(4), range)).toBeNull();
    expect(contractProblem('mfe_demo', manifest(1), range)).toBe(
      'Remote mfe_demo 2.0.0 implements contract 1; this shell supports 2 to 4',
    );
    expect(contractProblem('mfe_demo', manifest(5), range)).toMatch(/implements contract 5/);
  });

  it('refuses a remote that declares no contract version, or not an integer one', () => {
    for (const bad of [undefined, '1', 1.5, null]) {
      expect(contractProblem('mfe_quiz', manifest(bad), { min: 1, max: 1 })).toBe(
        'Remote mfe_quiz 2.0.0 declares no contract version; this shell supports 1',
      );
    }
    expect(contractProblem('mfe_quiz', {})).toMatch(/^Remote mfe_quiz declares no contract version/);
    expect(contractProblem('mfe_quiz', null)).toMatch(/declares no contract version/);
  });
});
