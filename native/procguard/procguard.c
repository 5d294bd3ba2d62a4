/*
 * Two system calls Node does not expose, for the pty host (see src/board/pty/childSubreaper.ts):
 * - becomeSubreaper(): prctl(PR_SET_CHILD_SUBREAPER), so a process that leaves its pane by
 *   double-forking (`setsid -f`, daemons) is reparented to the pty host instead of init, and its
 *   ancestry still says it came from the board;
 * - reap(pid): waitpid(pid, WNOHANG) for one child the pty host adopted that way, so it does not
 *   stay a zombie (libuv and node-pty wait only for the pids they forked).
 * Plain N-API (no V8 or node internals), so one build loads in Node and in Electron.
 */
#include <errno.h>
#include <node_api.h>
#include <sys/types.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

static napi_value become_subreaper(napi_env env, napi_callback_info info) {
  (void)info;
  int ok = 0;
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
  ok = prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0;
#endif
  napi_value result;
  napi_get_boolean(env, ok, &result);
  return result;
}

/* Returns the exit status word when `pid` was a zombie child and is reaped now, -1 otherwise. */
static napi_value reap(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  int32_t pid = 0;
  int status = 0;
  napi_value result;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 1 ||
      napi_get_value_int32(env, argv[0], &pid) != napi_ok || pid <= 1) {
    napi_throw_type_error(env, NULL, "reap(pid): pid must be an integer above 1");
    return NULL;
  }
  pid_t got;
  do {
    got = waitpid((pid_t)pid, &status, WNOHANG);
  } while (got == -1 && errno == EINTR);
  napi_create_int32(env, got == (pid_t)pid ? status : -1, &result);
  return result;
}

static napi_value init(napi_env env, napi_value exports) {
  napi_property_descriptor props[] = {
      {"becomeSubreaper", NULL, become_subreaper, NULL, NULL, NULL, napi_default, NULL},
      {"reap", NULL, reap, NULL, NULL, NULL, napi_default, NULL},
  };
  napi_define_properties(env, exports, sizeof(props) / sizeof(props[0]), props);
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init)
