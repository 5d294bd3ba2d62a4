#!/bin/bash
# Run inside a board pane by e2e/browser.test.ts. Sends DA1, a cursor position request and an
# OSC 11 colour query, counts the replies that reach stdin within a second, and prints
# `REPLIES da1=N cpr=N osc11=N`. The board answers each once; a renderer xterm that answered
# too would make a count 2.
saved=$(stty -g)
stty raw -echo
printf '\033[c\033[6n\033]11;?\033\\'
sleep 1
replies=''
while IFS= read -r -s -d '' -n 1 -t 0.3 ch; do replies+=$ch; done
stty "$saved"
count() { local s=$1 re=$2 n=0; while [[ $s =~ $re ]]; do n=$((n + 1)); s=${s#*"${BASH_REMATCH[0]}"}; done; echo "$n"; }
echo "REPLIES da1=$(count "$replies" $'\e\\[\\?[0-9;]*c') cpr=$(count "$replies" $'\e\\[[0-9]+;[0-9]+R') osc11=$(count "$replies" $'\e\\]11;rgb:')"
