import { REPLAY_USAGE, UsageError, parseReplayArgs, runReplay } from './replayCommand'

/** `npm run replay -- FILE.cast …`: the status engine over a recording, on its own clock. */
async function main(): Promise<void> {
  const argv = process.argv.slice(2)
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${REPLAY_USAGE}\n`)
    return
  }
  const { out, err } = await runReplay(parseReplayArgs(argv))
  for (const line of err) process.stderr.write(`${line}\n`)
  for (const line of out) process.stdout.write(`${line}\n`)
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) process.stderr.write(`replay: ${error.message}\n\n${REPLAY_USAGE}\n`)
  else process.stderr.write(`replay: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 2
})
