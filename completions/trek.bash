# bash completion for trek                                 -*- shell-script -*-
#
# Install (bash-completion loads it on first use):
#   mkdir -p ~/.local/share/bash-completion/completions && trek completion bash > ~/.local/share/bash-completion/completions/trek
# or, without bash-completion:  echo 'source <(trek completion bash)' >> ~/.bashrc
#
# The candidates come from `trek __complete <words…>`: one "value<TAB>description" line each,
# then ":<directive>", a sum of 1 (error: complete nothing), 2 (no space after the value) and
# 4 (no file-name fallback). Nothing here knows trek's commands, so it never goes stale.

_trek_completions() {
    local cur words cword
    if declare -F _get_comp_words_by_ref >/dev/null 2>&1; then
        # Keep `--where attr=value` and `a:b` as one word, as trek sees them.
        _get_comp_words_by_ref -n =: cur words cword
    else
        # Without bash-completion: split the line up to the cursor at blanks.
        local line=${COMP_LINE:0:COMP_POINT}
        read -r -a words <<<"$line"
        [[ -z $line || $line == *[[:blank:]] ]] && words+=("")
        cword=$((${#words[@]} - 1))
        cur=${words[cword]}
    fi
    (( cword >= 1 )) || return 0

    local out
    out=$(trek __complete "${words[@]:1:cword-1}" "$cur" 2>/dev/null) || return 0

    local -a lines
    mapfile -t lines <<<"$out"
    local directive=0
    if [[ ${lines[-1]} =~ ^:([0-9]+)$ ]]; then
        directive=${BASH_REMATCH[1]}
        unset 'lines[-1]'
    fi
    (( directive & 1 )) && return 0

    # Bash replaces only the part of the word after its last word-break character (= or :
    # usually), so candidates lose what comes before it.
    local breaks=${COMP_WORDBREAKS//[^=:]/} prefix=
    [[ -n $breaks && $cur == *["$breaks"]* ]] && prefix=${cur%"${cur##*["$breaks"]}"}

    COMPREPLY=()
    local entry value
    for entry in "${lines[@]}"; do
        value=${entry%%$'\t'*}
        [[ -z $value ]] && continue
        value=${value#"$prefix"}
        COMPREPLY+=("${value// /\\ }")
    done

    (( directive & 2 )) && compopt -o nospace 2>/dev/null
    # No candidates and files allowed: let readline complete file names.
    (( ${#COMPREPLY[@]} == 0 && !(directive & 4) )) && compopt -o default 2>/dev/null
    return 0
}

complete -F _trek_completions trek
