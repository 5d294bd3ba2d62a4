process.stdout.write('bench: being built\n')
