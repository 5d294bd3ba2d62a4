// Import direction, as in VS Code's code-layering: shared ← core ← board ← client ← the processes
// (daemon, ptyHost, cli, electron; preload and renderer import shared and core) ← tools (the developer
// tools drive the app's classes; nothing of the app imports them). scripts/importCycles.mjs checks the
// same layering on resolved paths in the unit suite (LAYER_IMPORTS); these rules say it in the editor.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

const NODE_BUILTINS = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'child_process',
  'net',
  'http',
  'https',
  'crypto',
  'stream',
  'url',
  'util',
  'events',
  'tty',
  'worker_threads',
]
const NODE_GLOBALS = { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly', Buffer: 'readonly' }
// Layer rules replace each other (one no-restricted-imports per file), so each app layer names the tools itself.
const TOOLS = '**/tools/**'
// The Node side's folders, by name. src/cli is left to scripts/importCycles.mjs (which resolves
// paths): a pattern for it would also match src/shared/cli, the verbs' usage text the renderer and
// the CLI share — and so is src/board for the renderer, whose own features/board the pattern would match.
const NODE_PROCESSES = ['**/client/**', '**/daemon/**', '**/ptyHost/**', '**/electron/**']
const NODE_SIDE = ['**/board/**', ...NODE_PROCESSES]
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
})

export default tseslint.config(
  // test/agents/hermes/.venv: Hermes Agent's venv (its bundled web and TUI builds are JavaScript).
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'e2e/artifacts/**', 'bin/**', '**/.venv/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']",
          message: 'Focused tests (.only) stop the rest of the suite from running.',
        },
      ],
    },
  },
  {
    // Type-aware: a promise nobody awaits or handles loses its error; a promise where a callback
    // expects void runs unobserved.
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    languageOptions: {
      parserOptions: { project: ['./tsconfig.node.json', './tsconfig.web.json', './test/agents/tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: NODE_GLOBALS },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...NODE_GLOBALS, require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: restrict(
      [
        'electron',
        'node-pty',
        '@xterm/*',
        'react',
        'react-dom',
        'zustand',
        'ws',
        'smol-toml',
        ...NODE_BUILTINS,
        '**/core/**',
        ...NODE_SIDE,
        '**/renderer/**',
        '**/preload/**',
        TOOLS,
      ],
      'src/shared holds types and the contract only (zod is its one library); it imports nothing else.',
    ),
  },
  {
    files: ['src/core/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: restrict(
      [
        'electron',
        'node-pty',
        '@xterm/*',
        'react',
        'react-dom',
        'zustand',
        'ws',
        'zod',
        'smol-toml',
        ...NODE_BUILTINS,
        ...NODE_SIDE,
        '**/renderer/**',
        '**/preload/**',
        TOOLS,
      ],
      'src/core is pure domain logic: no Electron, Node, DOM or library runtime imports; time and ids are injected.',
    ),
  },
  {
    files: ['src/{board,client,daemon,ptyHost,cli}/**/*.ts'],
    ignores: ['src/**/*.test.ts', 'src/board/test/**'],
    rules: restrict(
      ['electron', '**/renderer/**', '**/preload/**', TOOLS],
      'The board, its client library, the daemon, the pty host and the CLI run under plain Node (only src/electron/ may import electron) and never import the developer tools (src/tools).',
    ),
  },
  {
    // The Electron host may import electron, and it too ships: no developer tools. Test support
    // (src/board/test) ships nothing and reads the fixture recordings with the replay tool.
    files: ['src/electron/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: restrict(['**/renderer/**', '**/preload/**', TOOLS], 'The Electron host never imports the developer tools (src/tools).'),
  },
  {
    files: ['src/board/test/**/*.ts'],
    rules: restrict(['electron', '**/renderer/**', '**/preload/**'], 'The supervisor runs under plain Node: only src/electron/ may import electron.'),
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: restrict(
      ['electron', 'node-pty', '@xterm/headless', ...NODE_BUILTINS, ...NODE_PROCESSES, '**/preload/**', TOOLS],
      'The renderer talks to the Node side only through the contract.',
    ),
  },
  {
    // An agent folder's terminal.ts parses in the status engine: pure, as src/core is.
    files: ['resources/agents/*/terminal.ts'],
    rules: restrict(
      [
        'electron',
        'node-pty',
        '@xterm/*',
        'react',
        'react-dom',
        'zustand',
        'ws',
        'zod',
        'smol-toml',
        ...NODE_BUILTINS,
        ...NODE_SIDE,
        '**/renderer/**',
        '**/preload/**',
      ],
      "An agent's terminal.ts is pure, like src/core: it may import only src/core/agents/agentCode.ts's types.",
    ),
  },
  {
    // An agent folder's launch code runs in the board, but sees the board only through src/core's types (src/core/agents/agentCode.ts).
    files: ['resources/agents/**/*.ts'],
    ignores: ['resources/agents/*/terminal.ts', 'resources/agents/**/*.test.ts'],
    rules: restrict(
      [
        'electron',
        'node-pty',
        '@xterm/*',
        'react',
        'react-dom',
        'zustand',
        'ws',
        '**/src/board/**',
        '**/src/client/**',
        '**/src/daemon/**',
        '**/src/ptyHost/**',
        '**/src/cli/**',
        '**/src/electron/**',
        '**/renderer/**',
        '**/preload/**',
      ],
      "An agent folder's code sees the board only through src/core/agents/agentCode.ts: no imports from the Node side (src/board and the process folders).",
    ),
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: restrict(
      ['node-pty', '@xterm/*', ...NODE_BUILTINS, ...NODE_SIDE, '**/renderer/**', '**/core/**', TOOLS],
      'The preload exposes the contract and nothing else.',
    ),
  },
)
