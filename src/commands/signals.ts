/**
 * Signals of this process (Ctrl-C, SIGTERM) as commands see them: through a hook the command
 * is given, so tests can "send" one without signalling the test process, and commands never
 * touch `process` themselves.
 */

/** Subscribes to the signals that stop a command and returns the unsubscribe function. */
export type SignalHook = (onSignal: (signal: string) => void) => () => void;

/**
 * SIGINT and SIGTERM of this process. Each is listened to once: a second Ctrl-C while the
 * command is winding down finds no listener and ends the process the default way.
 */
export const processSignals: SignalHook = (onSignal) => {
  const listeners = (['SIGINT', 'SIGTERM'] as const).map((name) => {
    const listener = () => onSignal(name);
    process.once(name, listener);
    return [name, listener] as const;
  });
  return () => {
    for (const [name, listener] of listeners) process.off(name, listener);
  };
};
