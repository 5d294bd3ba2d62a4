process.stdout.write('cli: being built\n')
