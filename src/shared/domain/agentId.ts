/** Agent ids: folder names, settings keys, `spawn --agent` values. Apart from agents.ts so the CLI's everyday verbs load no zod. */
export const AGENT_ID_PATTERN = /^[a-z][a-z0-9-]{0,31}$/
