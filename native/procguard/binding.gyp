{
  "targets": [
    {
      "target_name": "procguard",
      "sources": ["procguard.c"],
      "cflags": ["-Wall", "-Wextra", "-O2"]
    }
  ]
}
