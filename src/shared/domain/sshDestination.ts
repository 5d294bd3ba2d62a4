import { z } from 'zod'

/**
 * An ssh destination or ssh-config alias: no leading `-` (it would be read as an option) and
 * nothing a remote shell or ssh's own parsing would split.
 */
export const sshDestinationSchema = z
  .string()
  .min(1)
  .max(255)
  .regex(
    /^[A-Za-z0-9_.@%+[\]:][A-Za-z0-9_.@%+[\]:-]*$/,
    'an ssh destination is a host name or alias, optionally user@ before it (letters, digits, . _ - @), and does not start with -',
  )
