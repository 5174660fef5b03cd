# fish completion for trek. Install (fish loads it on first use):
#   mkdir -p ~/.config/fish/completions && trek completion fish > ~/.config/fish/completions/trek.fish
# or, for one shell:  trek completion fish | source
#
# The candidates come from `trek __complete <words…>`: one "value<TAB>description" line each,
# then ":<directive>", a sum of 1 (error: complete nothing), 2 (no space after the value) and
# 4 (no file-name fallback). Nothing here knows trek's commands, so it never goes stale.

function __trek_complete
    # The words before the cursor's and the current one, unquoted as trek will see them.
    set -l words (commandline -opc)
    set -l current (commandline -ct | string unescape)
    set -l lines (trek __complete $words[2..-1] "$current" 2>/dev/null)
    or return

    set -l directive 0
    if string match -qr '^:[0-9]+$' -- $lines[-1]
        set directive (string sub -s 2 -- $lines[-1])
        set -e lines[-1]
    end
    test (math "$directive % 2") -eq 1; and return

    # fish reads "value<TAB>description" itself, and escapes the value as it inserts it (a
    # `;` or `$(…)` in a value stays text); it adds no space after a value ending in = , or /.
    string match -v -- '' $lines
    if test (count $lines) -eq 0; and test (math "floor($directive / 4) % 2") -eq 0
        __fish_complete_path "$current"
    end
end

complete -c trek -f -a '(__trek_complete)'
