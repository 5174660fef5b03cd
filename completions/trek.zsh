#compdef trek
#
# zsh completion for trek. Install, in a ~/.zshrc that runs compinit (most setups do):
#   echo 'source <(trek completion zsh)' >> ~/.zshrc
# or, loaded only on first use: save it as _trek in a directory of $fpath, before compinit runs:
#   mkdir -p ~/.zfunc && trek completion zsh > ~/.zfunc/_trek   # with fpath=(~/.zfunc $fpath) in ~/.zshrc
#
# The candidates come from `trek __complete <words…>`: one "value<TAB>description" line each,
# then ":<directive>", a sum of 1 (error: complete nothing), 2 (no space after the value) and
# 4 (no file-name fallback). Nothing here knows trek's commands, so it never goes stale.

_trek() {
  local out line value description typed=${(Q)PREFIX}
  local -a lines candidates suffix replace
  local -i directive=0

  # The words before the cursor's, unquoted as trek will see them, then the typed part of the current one.
  out=$(trek __complete "${(@Q)words[2,CURRENT-1]}" "$typed" 2>/dev/null) || return 1
  lines=("${(@f)out}")
  if [[ ${lines[-1]} == :<-> ]]; then
    directive=${lines[-1]#:}
    lines[-1]=()
  fi
  (( directive & 1 )) && return 1

  for line in "${lines[@]}"; do
    [[ -z $line ]] && continue
    value=${line%%$'\t'*}
    description=${line#*$'\t'}
    [[ $description == "$line" ]] && description=
    # A value that does not start with the word was matched by its description (a name for an
    # id): zsh must not match it against the word, only put it in the word's place.
    [[ $value == "$typed"* ]] || replace=(-U)
    # _describe splits "value:description" at the first unescaped colon and drops the
    # backslashes that escape, so both are escaped. Its compadd quotes the value as it inserts
    # it (no -Q), so a `;` or `$(…)` in a value stays text.
    value=${value//\\/\\\\}
    candidates+=("${value//:/\\:}${description:+:$description}")
  done

  (( directive & 2 )) && suffix=(-S '')
  if (( ${#candidates} )); then
    _describe -t trek-values 'trek' candidates "${suffix[@]}" "${replace[@]}"
    # Several ids matched by their descriptions share only the start of their ids: list them
    # and leave the word as typed, rather than swap it for that start.
    if (( ${#replace} && compstate[nmatches] > 1 )); then
      compstate[insert]=
      compstate[list]='list force'
    fi
    return
  fi
  (( directive & 4 )) || _files
}

# Autoloaded from $fpath this file is _trek's body, so it completes now; sourced, it registers.
if [[ $funcstack[1] == _trek ]]; then
  _trek "$@"
else
  compdef _trek trek
fi
