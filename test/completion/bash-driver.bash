# Completes a command line the way bash would on TAB and prints COMPREPLY, one per line:
#   bash --norc bash-driver.bash SCRIPT 'trek search departures --where availability.status='
# TREK_TEST_COMP_TYPE=63 asks for the list a second TAB shows (default 9, the first TAB).
# With BASH_COMPLETION set, bash-completion's helpers are loaded first (as in most setups).
# COMP_WORDS is split as readline splits it: at blanks, with each = or : a word of its own.
[[ -n $BASH_COMPLETION ]] && source "$BASH_COMPLETION"
source "$1"

COMP_LINE=$2
COMP_POINT=${#COMP_LINE}
read -r -a COMP_WORDS <<<"$(sed -E 's/([=:])/ \1 /g' <<<"$COMP_LINE")"
[[ $COMP_LINE == *[[:blank:]] ]] && COMP_WORDS+=("")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
COMP_TYPE=${TREK_TEST_COMP_TYPE:-9}
COMPREPLY=()

spec=$(complete -p trek) || exit 3
function=${spec#*-F }
function=${function%% *}
"$function" trek "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}" 2>/dev/null
printf '%s\n' "${COMPREPLY[@]}"
