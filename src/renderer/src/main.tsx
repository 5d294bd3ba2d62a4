document.getElementById('root')!.textContent = 'Switchboard renderer placeholder (being built)'
