#!/usr/bin/env bash
# The history's rule (CONTRIBUTING.md): a subject line of at most 72 characters, a blank line, then a body (the why
# and the numbers).
#   scripts/check-history.sh            every commit after the rule began (.ci/run runs this)
#   scripts/check-history.sh MSG_FILE   one message, as git's commit-msg hook:
#                                       ln -s ../../scripts/check-history.sh .git/hooks/commit-msg
# Each message that breaks the rule is named in one line; the exit status is 1 if any did.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# the last commit before the rule: commits after it keep it (those before are history, left as they are)
readonly RULE_AFTER=289b2025e73f60d9efd843954b5951875d58c97e

# prints why a message breaks the rule, or nothing
why() {
  local subject line2 body
  subject=$(sed -n 1p)
  # the message as git stores it: comment lines (a hook's input has them) are not part of it
  line2=$(sed -n 1p "$rest")
  body=$(sed -n '2,$p' "$rest" | grep -c '[^[:space:]]' || true)
  if [ "${#subject}" -gt 72 ]; then echo "a subject of ${#subject} characters (at most 72)"; fi
  if [ -z "$subject" ]; then echo "no subject"; fi
  if [ -n "$line2" ]; then echo "no blank line after the subject"; fi
  if [ "$body" -eq 0 ]; then echo "no body (the why and the numbers)"; fi
}

check() { # $1: a name for the message; stdin: the message without comment lines
  local msg problems
  msg=$(mktemp); rest=$(mktemp)
  cat > "$msg"
  sed -n '2,$p' "$msg" > "$rest"
  problems=$(why < "$msg" | paste -sd ';' | sed 's/;/; /g')
  rm -f "$msg" "$rest"
  if [ -n "$problems" ]; then echo "history: $1: $problems"; return 1; fi
}

if [ $# -eq 1 ]; then
  grep -v '^#' "$1" | check "this commit's message"
  exit
fi

if git cat-file -e "$RULE_AFTER^{commit}" 2>/dev/null; then
  range="$RULE_AFTER..HEAD"
else
  range=HEAD # a shallow clone that does not reach back to the rule's start holds only commits after it
fi
bad=0
count=0
for c in $(git rev-list --no-merges "$range"); do
  count=$((count + 1))
  git log -1 --format=%B "$c" | check "$(git log -1 --format='%h %s' "$c" | cut -c1-60)" || bad=$((bad + 1))
done
if [ "$bad" -gt 0 ]; then
  echo "history: $bad of $count commits break the rule (CONTRIBUTING.md: a subject of at most 72 characters, a blank line, a body)"
  exit 1
fi
echo "history: $count commits keep the rule (a subject of at most 72 characters, a blank line, a body)"
