/*
 * Passing a PTY's master descriptor from the pty host to the board's process over a Unix socket
 * (SCM_RIGHTS), which Node cannot do between unrelated processes: the board then reads and writes
 * each terminal itself, and the pty host, which only holds them, never touches a byte (issue 20:
 * a second reader and writer of every byte cost more than the parsing). See src/board/pty/fdPass.ts.
 * - connect(path): a Unix stream socket of this process's own, outside libuv, to receive on;
 * - send(socket, fd): one descriptor, with one byte, on a connected socket;
 * - recv(socket): the descriptors waiting on it (close-on-exec), none when nothing waits;
 * - dup(fd): a close-on-exec copy, so that the holder keeps the terminal open whoever else closes theirs.
 * Plain N-API (no V8 or node internals), so one build loads in Node and in Electron.
 */
#include <errno.h>
#include <fcntl.h>
#include <node_api.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#ifndef MSG_CMSG_CLOEXEC
#define MSG_CMSG_CLOEXEC 0
#endif

static napi_value fail(napi_env env, const char *what, int err) {
  char message[256];
  snprintf(message, sizeof message, "%s: %s", what, strerror(err));
  napi_value code, text, error;
  napi_create_string_utf8(env, err == EAGAIN || err == EWOULDBLOCK ? "EAGAIN" : "ESYSCALL", NAPI_AUTO_LENGTH, &code);
  napi_create_string_utf8(env, message, NAPI_AUTO_LENGTH, &text);
  napi_create_error(env, code, text, &error);
  napi_throw(env, error);
  return NULL;
}

static int int_arg(napi_env env, napi_callback_info info, size_t index, int32_t *out, const char *usage) {
  size_t argc = 2;
  napi_value argv[2];
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc <= index ||
      napi_get_value_int32(env, argv[index], out) != napi_ok || *out < 0) {
    napi_throw_type_error(env, NULL, usage);
    return 0;
  }
  return 1;
}

/* A message of one byte (a stream socket carries descriptors only with data) and room for `control`. */
static void one_byte_message(struct msghdr *msg, struct iovec *iov, char *byte, char *control, size_t control_len) {
  iov->iov_base = byte;
  iov->iov_len = 1;
  memset(msg, 0, sizeof *msg);
  msg->msg_iov = iov;
  msg->msg_iovlen = 1;
  msg->msg_control = control;
  msg->msg_controllen = control_len;
}

static napi_value fd_connect(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  struct sockaddr_un addr;
  size_t len = 0;
  memset(&addr, 0, sizeof addr);
  addr.sun_family = AF_UNIX;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 1 ||
      napi_get_value_string_utf8(env, argv[0], addr.sun_path, sizeof addr.sun_path, &len) != napi_ok ||
      len == 0 || len >= sizeof addr.sun_path - 1) {
    napi_throw_type_error(env, NULL, "connect(path): path must be a socket path shorter than 107 bytes");
    return NULL;
  }
  int sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (sock < 0) return fail(env, "socket", errno);
  int r;
  do {
    r = connect(sock, (struct sockaddr *)&addr, sizeof addr);
  } while (r < 0 && errno == EINTR);
  if (r < 0) {
    int err = errno;
    close(sock);
    return fail(env, addr.sun_path, err);
  }
  napi_value result;
  napi_create_int32(env, sock, &result);
  return result;
}

static napi_value fd_send(napi_env env, napi_callback_info info) {
  int32_t sock, fd;
  if (!int_arg(env, info, 0, &sock, "send(socket, fd): descriptors are integers") ||
      !int_arg(env, info, 1, &fd, "send(socket, fd): descriptors are integers"))
    return NULL;
  char byte = 'F';
  struct iovec iov;
  union {
    char buf[CMSG_SPACE(sizeof(int))];
    struct cmsghdr align;
  } control;
  memset(&control, 0, sizeof control);
  struct msghdr msg;
  one_byte_message(&msg, &iov, &byte, control.buf, sizeof control.buf);
  struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
  cmsg->cmsg_level = SOL_SOCKET;
  cmsg->cmsg_type = SCM_RIGHTS;
  cmsg->cmsg_len = CMSG_LEN(sizeof(int));
  memcpy(CMSG_DATA(cmsg), &fd, sizeof(int));
  ssize_t n;
  do {
    n = sendmsg(sock, &msg, MSG_NOSIGNAL);
  } while (n < 0 && errno == EINTR);
  if (n != 1) return fail(env, "sendmsg", n < 0 ? errno : EIO);
  return NULL;
}

static napi_value fd_recv(napi_env env, napi_callback_info info) {
  int32_t sock;
  if (!int_arg(env, info, 0, &sock, "recv(socket): the socket is an integer")) return NULL;
  napi_value list;
  napi_create_array(env, &list);
  uint32_t count = 0;
  for (;;) {
    char byte;
    struct iovec iov;
    union {
      char buf[CMSG_SPACE(sizeof(int) * 4)];
      struct cmsghdr align;
    } control;
    struct msghdr msg;
    one_byte_message(&msg, &iov, &byte, control.buf, sizeof control.buf);
    ssize_t n;
    do {
      n = recvmsg(sock, &msg, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
    } while (n < 0 && errno == EINTR);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
    if (n < 0) return fail(env, "recvmsg", errno);
    if (n == 0) {
      if (count) break;
      return fail(env, "recvmsg", EPIPE);
    }
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
      if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
      size_t fds = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
      for (size_t i = 0; i < fds; i++) {
        int fd;
        memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof(int));
        if (MSG_CMSG_CLOEXEC == 0) fcntl(fd, F_SETFD, FD_CLOEXEC);
        napi_value v;
        napi_create_int32(env, fd, &v);
        napi_set_element(env, list, count++, v);
      }
    }
  }
  return list;
}

static napi_value fd_dup(napi_env env, napi_callback_info info) {
  int32_t fd;
  if (!int_arg(env, info, 0, &fd, "dup(fd): the descriptor is an integer")) return NULL;
  int copy = fcntl(fd, F_DUPFD_CLOEXEC, 3);
  if (copy < 0) return fail(env, "dup", errno);
  napi_value result;
  napi_create_int32(env, copy, &result);
  return result;
}

static napi_value init(napi_env env, napi_value exports) {
  napi_property_descriptor props[] = {
      {"connect", NULL, fd_connect, NULL, NULL, NULL, napi_default, NULL},
      {"send", NULL, fd_send, NULL, NULL, NULL, napi_default, NULL},
      {"recv", NULL, fd_recv, NULL, NULL, NULL, napi_default, NULL},
      {"dup", NULL, fd_dup, NULL, NULL, NULL, napi_default, NULL},
  };
  napi_define_properties(env, exports, sizeof(props) / sizeof(props[0]), props);
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init)
