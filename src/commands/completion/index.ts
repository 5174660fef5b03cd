import { Argument, Command } from 'commander';
import { SHELLS, completionScript, type Shell } from '../../completion/scripts.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import { examples } from '../flags.js';

export interface CompletionOptions {
  io: IOStreams;
  shell: Shell;
}

/** `trek completion bash|zsh|fish`: prints the script that makes TAB ask `trek __complete`. */
export function newCompletionCmd(f: Factory, runF: (opts: CompletionOptions) => Promise<void> = completionRun): Command {
  return new Command('completion')
    .description('Print the shell completion script for bash, zsh or fish.\nIt asks trek itself what to complete, so it stays current as trek changes.')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
    .addHelpText(
      'after',
      examples([
        'mkdir -p ~/.local/share/bash-completion/completions && trek completion bash > ~/.local/share/bash-completion/completions/trek',
        "echo 'source <(trek completion zsh)' >> ~/.zshrc      # after compinit in ~/.zshrc",
        'mkdir -p ~/.config/fish/completions && trek completion fish > ~/.config/fish/completions/trek.fish',
      ]),
    )
    .action(async (shell: Shell) => runF({ io: f.io, shell }));
}

export function completionRun(opts: CompletionOptions): Promise<void> {
  opts.io.out.write(completionScript(opts.shell));
  return Promise.resolve();
}
