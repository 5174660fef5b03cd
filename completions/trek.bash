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

    local -a values=() descriptions=()
    local entry value description extends=1 width=0
    for entry in "${lines[@]}"; do
        value=${entry%%$'\t'*}
        [[ -z $value ]] && continue
        description=
        [[ $entry == *$'\t'* ]] && description=${entry#*$'\t'}
        # A value that does not start with the word was matched by its description (a name for an id).
        [[ $value == "$cur"* ]] || extends=0
        value=${value#"$prefix"}
        if [[ -n $_trek_quote ]]; then
            # Inside quotes the value goes in as it is: one that could end the quote is left out.
            [[ $value == *[\"\'\\\$\`!]* ]] && continue
        else
            printf -v value %q "$value"
        fi
        values+=("$value")
        descriptions+=("$description")
        (( ${#value} > width )) && width=${#value}
    done

    COMPREPLY=()
    if (( ${#values[@]} <= 1 )) || [[ $COMP_TYPE == 37 || $COMP_TYPE == 42 ]]; then
        # One value, or menu-complete cycling through them: each is inserted as it is.
        COMPREPLY=("${values[@]}")
    elif [[ $COMP_TYPE == 9 ]]; then
        # TAB inserts what the values have in common and lists nothing. Values matched by their
        # descriptions have nothing in common with the word, so readline would swap the word for
        # the start the ids share: two entries with no common start keep the word as typed, and
        # the next TAB lists them.
        if (( extends )); then COMPREPLY=("${values[@]}"); else COMPREPLY=("$cur" " $cur"); fi
    else
        # Listing (the second TAB, or show-all-if-ambiguous): each value with its description,
        # as zsh and fish show them, cut to the screen's width.
        local i line columns=${COLUMNS:-80}
        for i in "${!values[@]}"; do
            line=${values[i]}
            if [[ -n ${descriptions[i]} ]]; then
                printf -v line '%-*s  (%s)' "$width" "${values[i]}" "${descriptions[i]}"
                (( ${#line} >= columns )) && line="${line:0:columns-2})"
            fi
            COMPREPLY+=("$line")
        done
        # show-all-if-ambiguous inserts what the entries have in common first: keep the word.
        (( extends )) || [[ $COMP_TYPE == 63 ]] || COMPREPLY+=("$cur")
    fi

    (( directive & 2 )) && compopt -o nospace 2>/dev/null
    # No candidates and files allowed: let readline complete file names.
    (( ${#COMPREPLY[@]} == 0 && !(directive & 4) )) && compopt -o default 2>/dev/null
    return 0
}

complete -F _trek_completions trek
