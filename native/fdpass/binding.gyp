{
  "targets": [
    {
      "target_name": "fdpass",
      "sources": ["fdpass.c"],
      "cflags": ["-Wall", "-Wextra", "-O2"]
    }
  ]
}
