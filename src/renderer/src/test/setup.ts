import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// Testing Library unmounts after each test only where test globals are on; here they are not.
afterEach(() => cleanup())
