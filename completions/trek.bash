# bash completion for trek                                 -*- shell-script -*-
#
# Install (bash-completion loads it on first use):
#   mkdir -p ~/.local/share/bash-completion/completions && trek completion bash > ~/.local/share/bash-completion/completions/trek
# or, without bash-completion:  echo 'source <(trek completion bash)' >> ~/.bashrc
#
# The candidates come from `trek __complete <words…>`: one "value<TAB>description" line each,
# then ":<directive>", a sum of 1 (error: complete nothing), 2 (no space after the value) and
# 4 (no file-name fallback). Nothing here knows trek's commands, so it never goes stale.
# Every value is inserted quoted (printf %q), so no candidate can ever run as shell code.

# Splits the line up to the cursor into the words trek will receive: blanks separate words,
# quotes and backslashes are removed, nothing is expanded (no eval). Sets _trek_words (the
# last one is the word under the cursor, possibly empty), _trek_quote (the quote that word is
# still open in, if any) and _trek_quoted_from (where that quote opened, in the unquoted word).
_trek_split_line() {
    local line=${COMP_LINE:0:COMP_POINT} word= char started=0 i
    _trek_words=() _trek_quote= _trek_quoted_from=0
    for (( i = 0; i < ${#line}; i++ )); do
        char=${line:i:1}
        if [[ $_trek_quote == "'" ]]; then
            if [[ $char == "'" ]]; then _trek_quote=; else word+=$char; fi
        elif [[ $_trek_quote == '"' ]]; then
            if [[ $char == '"' ]]; then
                _trek_quote=
            elif [[ $char == '\' && ${line:i+1:1} == [\"\\\$\`] ]]; then
                word+=${line:i+1:1}
                (( i++ ))
            else
                word+=$char
            fi
        elif [[ $char == [[:blank:]] ]]; then
            (( started )) && _trek_words+=("$word")
            word= started=0
        elif [[ $char == '\' ]]; then
            word+=${line:i+1:1}
            (( i++, started = 1 ))
        elif [[ $char == [\"\'] ]]; then
            _trek_quote=$char _trek_quoted_from=${#word} started=1
        else
            word+=$char started=1
        fi
    done
    _trek_words+=("$word")
}

_trek_completions() {
    local _trek_words _trek_quote _trek_quoted_from
    _trek_split_line
    local cword=$(( ${#_trek_words[@]} - 1 ))
    (( cword >= 1 )) || return 0
    local cur=${_trek_words[cword]}

    local out
    out=$(trek __complete "${_trek_words[@]:1}" 2>/dev/null) || return 0

    local -a lines
    mapfile -t lines <<<"$out"
    local directive=0
    if [[ ${lines[-1]} =~ ^:([0-9]+)$ ]]; then
        directive=${BASH_REMATCH[1]}
        unset 'lines[-1]'
    fi
    (( directive & 1 )) && return 0

    # Readline replaces only the end of the word: after an open quote (which it closes itself),
    # or else after the word's last word-break character (= or : usually). Candidates lose
    # what comes before that.
    local prefix=
    if [[ -n $_trek_quote ]]; then
        prefix=${cur:0:_trek_quoted_from}
    else
        local breaks=${COMP_WORDBREAKS//[^=:]/}
        [[ -n $breaks && $cur == *["$breaks"]* ]] && prefix=${cur%"${cur##*["$breaks"]}"}
    fi

    COMPREPLY=()
    local entry value
    for entry in "${lines[@]}"; do
        value=${entry%%$'\t'*}
        [[ -z $value ]] && continue
        value=${value#"$prefix"}
        if [[ -n $_trek_quote ]]; then
            # Inside quotes the value goes in as it is: one that could end the quote is left out.
            [[ $value == *[\"\'\\\$\`!]* ]] && continue
            COMPREPLY+=("$value")
        else
            printf -v value %q "$value"
            COMPREPLY+=("$value")
        fi
    done

    (( directive & 2 )) && compopt -o nospace 2>/dev/null
    # No candidates and files allowed: let readline complete file names.
    (( ${#COMPREPLY[@]} == 0 && !(directive & 4) )) && compopt -o default 2>/dev/null
    return 0
}

complete -F _trek_completions trek
