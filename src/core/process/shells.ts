/** Programs that are interactive shells: when one is the pane's root, "shell back in front" means idle. */
const SHELLS = new Set(['bash', 'zsh', 'sh', 'dash', 'fish', 'ksh', 'mksh', 'tcsh', 'csh', 'nu', 'elvish', 'xonsh', 'pwsh'])

/** `/usr/bin/bash` → `bash`; `-bash` (login shell argv[0]) → `bash`. */
export function programName(argv0: string): string {
  const base = argv0.slice(argv0.lastIndexOf('/') + 1)
  return base.startsWith('-') ? base.slice(1) : base
}

export function isShell(argv0: string): boolean {
  return SHELLS.has(programName(argv0))
}
