import { useEffect } from 'react'
import { useSettingsStore } from '../../store/settingsStore'

/** Applies the theme setting to the page: light or dark, or whatever the system prefers, live. */
export function useTheme(): void {
  const theme = useSettingsStore((s) => s.settings.appearance.theme)
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: light)')
    const apply = () => {
      const resolved = theme === 'system' ? (media.matches ? 'light' : 'dark') : theme
      document.documentElement.dataset.theme = resolved
      document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', resolved)
    }
    apply()
    media.addEventListener('change', apply)
    return () => media.removeEventListener('change', apply)
  }, [theme])
}
