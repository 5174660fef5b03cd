/**
 * The help topics' names, apart from their text (topics.ts): root help and completion list them
 * on every run, while the text and what it draws on (the filter table, the pager) is loaded only
 * for `trek help <topic>`.
 */
export const TOPIC_NAMES = ['options', 'filters', 'formats', 'environment', 'exit-codes', 'sandbox'] as const;

export type TopicName = (typeof TOPIC_NAMES)[number];
