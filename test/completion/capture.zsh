#!/usr/bin/env zsh
# Prints what zsh would offer on TAB at the end of a command line, one "value -- description"
# per line: `zsh -f capture.zsh FPATH_DIR DUMP 'trek bo'`. An interactive `zsh -f -i` runs in a
# pseudo-terminal (zsh/zpty) with compinit and FPATH_DIR (holding _trek) in $fpath; compinit
# reads its dump file DUMP (as a user's ~/.zcompdump) rather than every completion function
# again, writing it when it is missing or out of date; compadd is
# wrapped to print the matches instead of inserting them. This is the usual way to drive zsh
# completion programmatically (compare zsh-capture-completion).
zmodload zsh/zpty || { print -u2 'capture.zsh: no zsh/zpty module'; exit 2 }

local fpath_dir=$1 dump=$2 line=$3 setup
setup=$(mktemp)
trap 'rm -f $setup; zpty -d capture 2>/dev/null' EXIT

cat >$setup <<'SETUP'
PROMPT= RPROMPT= PS2=
unsetopt zle_bracketed_paste 2>/dev/null
fpath=("$CAPTURE_FPATH" $fpath)
autoload -Uz compinit && compinit -u -d "$CAPTURE_DUMP"
# Enter never runs the line; TAB completes.
bindkey '^M' undefined
bindkey '^J' undefined
bindkey '^I' complete-word
# A NUL line before and after the matches frames them in the output; then the shell exits.
_capture_frame() { print -n -- $'\0\n' }
compprefuncs=(_capture_frame)
comppostfuncs=(_capture_frame exit)
zstyle ':completion:*' list-grouped false
zstyle ':completion:*' insert-tab false
zmodload zsh/zutil
compadd() {
  # Calls that only ask for matches into arrays are internal to the completion system.
  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
  local -a _hits _descriptions
  local _dname
  if (( $@[(I)-d] )); then
    _dname=${@[$(( ${@[(i)-d]} + 1 ))]}
    if [[ $_dname == \(* ]]; then eval "_descriptions=$_dname"; else _descriptions=("${(@P)_dname}"); fi
  fi
  builtin compadd -A _hits -D _descriptions "$@"
  local -A _pre
  zparseopts -E P:=_pre
  local i description
  for i in {1..$#_hits}; do
    # _describe's display strings are "value  -- description" (or just the value).
    description=${${${_descriptions[$i]}##$_hits[$i] #}#-- }
    print -r -- "$IPREFIX${_pre[-P]}$_hits[$i]${description:+ -- $description}"
  done
}
print ready
SETUP

zpty capture "CAPTURE_FPATH=${(q)fpath_dir} CAPTURE_DUMP=${(q)dump} zsh -f -i"
zpty -w capture "source ${(q)setup}"
local out
repeat 50; do
  zpty -r capture out || break
  [[ $out == *ready* ]] && break
done
zpty -w -n capture "$line"$'\t'

# Print what lies between the two NUL frames.
local -i inside=0
local chunk
while zpty -r capture chunk; do
  for out in "${(@f)chunk}"; do
    out=${out%$'\r'}
    if [[ $out == *$'\0'* ]]; then
      (( inside++ )) && exit 0
      continue
    fi
    (( inside )) && [[ -n $out ]] && print -r -- "$out"; true
  done
done
exit 3
