import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const PLUGIN = join(__dirname, 'switchboard')

/**
 * Our Hermes plugin (switchboard/) under Python, outside Hermes: a stand-in for Hermes' PluginContext registers
 * its hooks, and the script fires them with the keyword arguments Hermes 0.19.0 passes (read from
 * its call sites). The real Hermes runs it in test/agents/hermes.
 */
const HARNESS = `
import contextvars, importlib.util, sys, threading
spec = importlib.util.spec_from_file_location("switchboard_plugin", sys.argv[1] + "/__init__.py")
plugin = importlib.util.module_from_spec(spec)
spec.loader.exec_module(plugin)
hooks = {}
class Ctx:
    def register_hook(self, name, callback):
        hooks.setdefault(name, []).append(callback)
plugin.register(Ctx())
def fire(name, **kwargs):
    for callback in hooks.get(name, []):
        callback(**kwargs)
fire("on_session_start", session_id="s1", model="fake-model", platform="cli")
fire("pre_llm_call", session_id="s1", task_id="t", turn_id="u", user_message="secret prompt", conversation_history=[{"role": "user"}], is_first_turn=True, model="m", platform="cli", sender_id="")
fire("pre_tool_call", tool_name="clarify", args={"question": "Which color?", "choices": ["Red"]}, session_id="s1", tool_call_id="c1")
fire("post_tool_call", tool_name="clarify", args={}, result="Red", session_id="s1", tool_call_id="c1", status="ok")
fire("pre_approval_request", command="rm -rf ./x", description="recursive delete", pattern_key="recursive delete", pattern_keys=["recursive delete"], session_key="s1", surface="smart")
fire("post_approval_response", command="rm -rf ./x", description="recursive delete", pattern_key="recursive delete", pattern_keys=[], session_key="s1", surface="smart", choice="smart_deny", decided_by="aux_llm")
fire("subagent_start", parent_session_id="s1", child_session_id="child", child_role="leaf", child_goal="g")
fire("pre_tool_call", tool_name="terminal", args={"command": "ls"}, session_id="child", tool_call_id="c2")
def review():
    # The memory/skill review fork: its thread, and a tool worker it starts with its context.
    fire("pre_llm_call", session_id="s1", is_first_turn=False)
    ctx = contextvars.copy_context()
    worker = threading.Thread(target=lambda: ctx.run(fire, "pre_tool_call", tool_name="memory", session_id="s1"), name="ThreadPoolExecutor-0_0")
    worker.start(); worker.join()
    fire("on_session_end", session_id="s1", completed=True, interrupted=False)
t = threading.Thread(target=review, name="bg-review"); t.start(); t.join()
fire("post_llm_call", session_id="s1", assistant_response="Which one do you want?")
fire("on_session_end", session_id="s1", task_id="t", turn_id="u", completed=True, interrupted=False, model="m", platform="cli")
fire("on_session_finalize", session_id="s1", platform="cli", reason="shutdown")
`

interface Received {
  readonly token: string | undefined
  readonly body: { event: string; payload: Record<string, unknown> }
}

describe('the Hermes plugin (switchboard/)', () => {
  let server: Server
  let dir: string
  const received: Received[] = []

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sb-hermes-plugin-'))
    received.length = 0
    // Slow answers: what is still queued when the script ends is lost unless the shutdown hook waits.
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (d) => (body += d))
      req.on('end', () => {
        received.push({ token: req.headers['x-switchboard-token'] as string | undefined, body: JSON.parse(body) })
        setTimeout(() => res.end('{}'), 60)
      })
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  })
  afterEach(async () => {
    server.closeAllConnections()
    await new Promise((r) => server.close(r))
    rmSync(dir, { recursive: true, force: true })
  })

  const fire = (env: Record<string, string> = {}) => {
    const tokenFile = join(dir, 'token')
    writeFileSync(tokenFile, 'tok-123\n', { mode: 0o600 })
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/report/3`
    return run('python3', ['-c', HARNESS, PLUGIN], {
      // A proxy in the user's environment must not carry reports (the plugin talks to loopback directly).
      env: {
        PATH: process.env.PATH,
        PYTHONDONTWRITEBYTECODE: '1',
        SWITCHBOARD_REPORT_URL: url,
        SWITCHBOARD_REPORT_TOKEN_FILE: tokenFile,
        HTTP_PROXY: 'http://127.0.0.1:9',
        http_proxy: 'http://127.0.0.1:9',
        ...env,
      },
    })
  }

  it('posts each hook in order with the token from its file, cut to what the board reads; nothing on stdout', async () => {
    const { stdout, stderr } = await fire()
    expect(stdout + stderr).toBe('')
    expect(received.every((r) => r.token === 'tok-123')).toBe(true)
    expect(received.map((r) => r.body.event)).toEqual([
      'on_session_start',
      'pre_llm_call',
      'pre_tool_call',
      'post_tool_call',
      'pre_approval_request',
      'post_approval_response',
      'subagent_start',
      'pre_tool_call',
      'on_session_end',
      'on_session_finalize',
    ])
    const [start, llm, clarify, , approval, verdict, , childTool, end] = received.map((r) => r.body.payload)
    expect(start).toEqual({ session_id: 's1', version: '', root_session_id: 's1' })
    // No prompt, no conversation.
    expect(llm).toEqual({ session_id: 's1', is_first_turn: true, version: '', root_session_id: 's1' })
    expect(clarify).toMatchObject({ tool_name: 'clarify', questions: [{ question: 'Which color?' }] })
    expect(approval).toEqual({
      surface: 'smart',
      pattern_key: 'recursive delete',
      description: 'recursive delete',
      tool_name: 'terminal',
      tool_input: { command: 'rm -rf ./x' },
    })
    expect(verdict).toEqual({ surface: 'smart', choice: 'smart_deny', decided_by: 'aux_llm', pattern_key: 'recursive delete' })
    // A subagent's events name the root session, so the board can tell them apart.
    expect(childTool).toMatchObject({ session_id: 'child', root_session_id: 's1' })
    // The reply came from post_llm_call, which is not sent on its own.
    expect(end).toMatchObject({ session_id: 's1', completed: true, interrupted: false, lastAssistantMessage: 'Which one do you want?' })
    // The background review's hooks (its thread, and its tool worker) were not the pane's.
    expect(received.filter((r) => r.body.payload.tool_name === 'memory')).toEqual([])
  })

  it('stays silent in a Hermes started from inside another one (the first process that fires a hook owns the pane)', async () => {
    await fire({ SWITCHBOARD_HERMES_PID: '1' })
    expect(received).toEqual([])
  })

  it('does nothing without the pane’s URL and token, and never writes bytecode into the resources', async () => {
    const { stdout, stderr } = await run('python3', ['-c', HARNESS, PLUGIN], { env: { PATH: process.env.PATH, PYTHONDONTWRITEBYTECODE: '1' } })
    expect(stdout + stderr).toBe('')
    expect(received).toEqual([])
    expect(readdirSync(PLUGIN).sort()).toEqual(['__init__.py', 'plugin.yaml'])
  })
})
