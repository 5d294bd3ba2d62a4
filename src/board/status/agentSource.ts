import type { AgentDirectory } from '../../core/agents/agentSet'
import type { CompiledRule } from '../../core/rules/compileRules'
import type { LoadedRuleFile } from './ruleFile'

/**
 * What a pane's status reads about agents, always the version in force (main's AgentCatalog,
 * reloaded live): each agent's knowledge and screen rules, and which agent a command line runs.
 */
export interface AgentSource extends AgentDirectory {
  /** The agent's screen rules (empty for none). */
  rulesOf(agent: string | null): readonly CompiledRule[]
  /** Its rule file in force: the version its rules were verified on (drift warning), the banner's version pattern. */
  ruleFile(agent: string): LoadedRuleFile | undefined
}
