import { describe, expect, it } from 'vitest'
import { splitArgs } from './splitArgs'

const argv = (line: string) => {
  const r = splitArgs(line)
  if (!r.ok) throw new Error(r.error)
  return r.argv
}

describe('splitArgs', () => {
  it('splits on blanks and drops empty words', () => {
    expect(argv('  ls   -la\t/tmp ')).toEqual(['ls', '-la', '/tmp'])
    expect(argv('')).toEqual([])
  })

  it('keeps single-quoted text literally', () => {
    expect(argv(`echo 'a  b' 'it\\s' '$HOME'`)).toEqual(['echo', 'a  b', 'it\\s', '$HOME'])
  })

  it('honours double quotes and their escapes', () => {
    expect(argv(`bash -c "echo \\"hi there\\"; echo \\$x \\n"`)).toEqual(['bash', '-c', 'echo "hi there"; echo $x \\n'])
  })

  it('joins adjacent quoted and unquoted parts into one word, and keeps empty quoted words', () => {
    expect(argv(`a"b c"'d' "" ''`)).toEqual(['ab cd', '', ''])
  })

  it('escapes the next character with a backslash outside quotes', () => {
    expect(argv('touch my\\ file \\"q\\"')).toEqual(['touch', 'my file', '"q"'])
  })

  it('does not expand anything', () => {
    expect(argv('echo $HOME ~ *.ts | wc')).toEqual(['echo', '$HOME', '~', '*.ts', '|', 'wc'])
  })

  it('reports unterminated quotes and a trailing backslash', () => {
    expect(splitArgs(`echo 'oops`)).toEqual({ ok: false, error: 'unterminated single quote' })
    expect(splitArgs('echo "oops')).toEqual({ ok: false, error: 'unterminated double quote' })
    expect(splitArgs('echo \\')).toEqual({ ok: false, error: 'the command ends with a lone backslash' })
  })
})
