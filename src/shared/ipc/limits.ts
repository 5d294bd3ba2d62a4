/**
 * Limits on what a client may send; named so a rejection can say which limit was hit. Apart from
 * the contract's schemas (contract.ts uses them) so the CLI checks its flags against the same
 * numbers without loading zod.
 */
export const ContractLimits = {
  /** One write: large pastes are fine, a runaway client is not. */
  maxWriteChars: 1 << 20,
  maxArgs: 256,
  maxArgChars: 32_768,
  maxEnvEntries: 256,
  maxTitleChars: 200,
  minCols: 2,
  maxCols: 1000,
  minRows: 1,
  maxRows: 500,
  /** One answer typed through the answer box. */
  maxAnswerChars: 32_768,
} as const
