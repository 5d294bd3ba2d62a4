#!/bin/sh
# The hook command agents run: `/bin/sh /path/to/report.sh [--gated]`, payload on stdin.
#
# --gated marks a high-frequency event (every tool call) that only matters while a dialog is
# open. Main creates the pane's marker file when a dialog opens and removes it on the next
# report, so with nothing open a gated event costs one `test -e` and draining stdin (draining,
# so the agent never writes into a closed pipe), and no runtime starts.
if [ "${1-}" = "--gated" ] && ! [ -e "${SWITCHBOARD_REPORT_MARKER:-/nonexistent}" ]; then
  cat >/dev/null 2>&1
  exit 0
fi
# ELECTRON_RUN_AS_NODE is set for this one command only, never in the agent's environment.
ELECTRON_RUN_AS_NODE=1 "${SWITCHBOARD_REPORT_RUNTIME:-node}" "${0%/*}/report.mjs" >/dev/null 2>&1
exit 0
