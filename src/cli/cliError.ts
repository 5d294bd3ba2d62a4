/** A CLI command failed in a way the user can act on: printed as `switchboard: <message>`, exit 1. */
export class CliError extends Error {}
