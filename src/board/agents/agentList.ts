import type { AgentInfo, AgentList } from '../../shared/domain/agents'
import { formatRuleFileError, isFatal } from '../status/ruleFile'
import type { AgentCatalog } from './agentCatalog'

/** The agents in force as clients see them (the new-pane form, the settings, `switchboard agents`). */
export function agentInfos(catalog: AgentCatalog): AgentInfo[] {
  return catalog.list().map(({ manifest }) => ({
    id: manifest.id,
    name: manifest.name,
    source: manifest.source,
    folder: manifest.folder,
    command: manifest.command,
    rules: catalog.rulesOf(manifest.id).length > 0,
    reports: manifest.reports !== null,
    verifiedOn: { agent: manifest.verifiedOn, rules: catalog.ruleFile(manifest.id)?.spec.verifiedOn ?? null },
  }))
}

/** The list, and the errors of the last reload (`file:line: reason`; warnings are the log's). */
export function agentList(catalog: AgentCatalog): AgentList {
  return { agents: agentInfos(catalog), problems: catalog.problems.filter(isFatal).map(formatRuleFileError) }
}
