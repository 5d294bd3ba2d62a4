/**
 * Every verb's usage, once: `switchboard help` lists them all, `switchboard VERB --help` (or
 * `switchboard help VERB`) prints one. Kept free of anything but text: the CLI bundle loads it on
 * every run.
 */
import { PANE_STATES } from '../domain/pane'
import { ContractLimits } from '../ipc/limits'

export interface VerbUsage {
  /** The verb and its arguments; long ones on several lines. */
  readonly synopsis: string
  /** What it does, in a few lines. */
  readonly about: string
}

export const VERB_USAGE = {
  ls: { synopsis: 'ls [--json]', about: 'list panes (id, state, since, pid, foreground, title, cwd, exit)' },
  agents: {
    synopsis: 'agents [--json]',
    about: `every agent (shipped, and your own folders in the config dir's
agents/): executable found, installed version, the versions
its knowledge was verified on, whether yours is newer`,
  },
  spawn: {
    synopsis: `spawn [--cwd DIR] [--env K=V]... [--title T] [--cols N] [--rows N] [-- CMD [ARGS...]]
      [--agent ID] [--arg X]... [--preset NAME]
      [--worktree BRANCH [--base REF]] [--host DEST]`,
    about: `start a pane (no CMD: your shell); prints its id.
--agent/--preset: launched as your settings say (executable,
default arguments, environment); --worktree: in a new git
worktree on a new branch from REF (default: the repo's HEAD).
--host: on another machine over ssh (a destination or an ssh-config
alias; SWITCHBOARD_SSH_COMMAND names the ssh), its status computed
there; --cwd is then a path there (default: the remote home).
--cols ${ContractLimits.minCols}-${ContractLimits.maxCols}, --rows ${ContractLimits.minRows}-${ContractLimits.maxRows} (default 120x32)`,
  },
  screen: { synopsis: 'screen PANE [--json]', about: "print the pane's visible screen" },
  changes: {
    synopsis: 'changes PANE [--diff] [--json]',
    about: `what the pane changed in its git checkout since it started
(or since its worktree's base): files and lines, the diff`,
  },
  explain: {
    synopsis: 'explain PANE [--json]',
    about: `why the pane shows its state: the deciding signal, the
latest word of every channel, every screen rule's result`,
  },
  write: {
    synopsis: 'write PANE TEXT [--enter] [--escapes]',
    about: `type TEXT into the pane as raw keys, unchecked (--enter adds
Return; --escapes reads \\n \\r \\t \\e \\xHH); \`answer\` is the
guarded way to answer a dialog or a prompt`,
  },
  answer: {
    synopsis: 'answer PANE [OPTION | --text TEXT [--send-anyway] | --deny] [--dialog ID]',
    about: `answer the pane through the answer box's guard: OPTION (a key or
a label) or --deny for the dialog on screen (or the one --dialog
names), --text for its prompt or a question's free-text option.
Refused, nothing sent, exit 1, when no dialog is open or it
changed. Without an answer: the dialog, its options and its ID`,
  },
  attach: {
    synopsis: 'attach PANE',
    about: `the pane in this terminal, raw, like tmux attach: its screen
first, then its output; your keys go to it, and it takes the
terminal's size as that changes. Ctrl-] detaches (so do the
pane's exit and the board going away). Several terminals and
windows may be attached at once; all see the same`,
  },
  resize: {
    synopsis: 'resize PANE COLS ROWS',
    about: `resize the pane's terminal (COLS ${ContractLimits.minCols}-${ContractLimits.maxCols}, ROWS ${ContractLimits.minRows}-${ContractLimits.maxRows})`,
  },
  kill: { synopsis: 'kill PANE', about: "hang up the pane's processes (hard kill after a grace period)" },
  close: {
    synopsis: 'close PANE [--keep-worktree | --remove-worktree [--force]]',
    about: `end the pane and take it off the board; one with its own
worktree needs a choice: keep it (folder and branch stay) or
remove both, refused if that loses uncommitted or unpushed
work unless --force`,
  },
  wait: { synopsis: 'wait PANE --state STATE [--timeout SEC]', about: `wait until the pane is in STATE (${PANE_STATES.join('|')})` },
  events: { synopsis: 'events [--json]', about: 'print one line per state change until interrupted' },
  record: {
    synopsis: 'record PANE [FILE.cast]',
    about: `record the pane (output, input, resizes; the agent's reports in
FILE.hooks.jsonl, process signals in FILE.process.jsonl) until
Ctrl+C or the pane exits. Input is recorded: what you type is in it.`,
  },
  mark: { synopsis: 'mark PANE LABEL', about: 'drop a ground-truth marker state:LABEL into the recording' },
  resume: {
    synopsis: 'resume PANE [--env K=V]...',
    about: `run a pane that is not running again in its place: an agent
resumes its session, a shell restarts in its cwd; the settings'
environment is applied again, --env adds what was not saved`,
  },
  restart: { synopsis: 'restart PANE', about: "end the pane's program and start it again (an agent resumes)" },
  history: { synopsis: 'history PANE [--json]', about: "the pane's states over time, with what decided each" },
  open: {
    synopsis: 'open [--print]',
    about: `print the browser-mode URL (it logs one browser in, once,
within a minute) and open it; starts the board if none runs`,
  },
  daemon: {
    synopsis: `daemon [--port N] [--host ADDR] [--cwd DIR] [--verbose]
daemon --detach [...] | --status | --stop | --restart [...]`,
    about: `run the board's core here (Ctrl+C ends it and its panes); --detach:
in the background (log: daemon.log in the runtime dir); --status: is
one running, where, which protocol, its pty host; --stop: end it,
every pane ends and comes back interrupted next start; --restart: a
new board process (after an upgrade), every program runs on`,
  },
  quit: {
    synopsis: 'quit',
    about: `end the board: every pane ends, and comes back interrupted
(ready to resume) on the next start`,
  },
} as const satisfies Record<string, VerbUsage>

export type VerbName = keyof typeof VERB_USAGE

export function isVerb(name: string): name is VerbName {
  return Object.prototype.hasOwnProperty.call(VERB_USAGE, name)
}

const COLUMN = 37

/** One verb's entry in the list: synopsis, then what it does from column 39 (on its own lines when the synopsis is long). */
function entry({ synopsis, about }: VerbUsage): string {
  const syn = synopsis.split('\n')
  const text = about.split('\n')
  const pad = ' '.repeat(COLUMN + 2)
  const first = syn.length === 1 && syn[0]!.length < COLUMN ? [`  ${syn[0]!.padEnd(COLUMN)}${text.shift()}`] : syn.map((l) => `  ${l}`)
  return [...first, ...text.map((l) => pad + l)].join('\n')
}

export const USAGE = `usage: switchboard [--socket PATH] COMMAND

commands:
${Object.values(VERB_USAGE).map(entry).join('\n')}

\`switchboard COMMAND --help\` says more about one. \`spawn\` and \`open\` start the board in the
background when none runs; other commands say so.
The board is found through $SWITCHBOARD_SOCKET, --socket, or as the only board running.`

/** `switchboard VERB --help`: its usage line(s), then what it does. */
export function verbHelp(name: VerbName): string {
  const { synopsis, about } = VERB_USAGE[name]
  const [first, ...more] = synopsis.split('\n')
  // An indented line goes on with the same command; one that is not is another form of it.
  const lines = more.map((l) => (/^\s/.test(l) ? `${' '.repeat(19 + name.length + 1)}${l.trimStart()}` : `       switchboard ${l}`))
  return [`usage: switchboard ${first}`, ...lines, '', about].join('\n')
}
