/*
 * exchange(a, b): swaps two names in one step, so that a save can replace a file and hold on to whatever it
 * replaced (src/core/storage/rename-exchange.ts). Linux: renameat2(2) with RENAME_EXCHANGE (ext4, xfs, btrfs,
 * tmpfs, f2fs; EINVAL where the file system has no such step). macOS: renamex_np(3) with RENAME_SWAP (APFS).
 * Elsewhere, or on failure, it throws an Error whose `code` is the errno's name, for the caller to fall back on.
 */
#define NAPI_VERSION 8
#include <errno.h>
#include <node_api.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#if defined(__linux__)
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
static int swap_names(const char *a, const char *b) {
#ifdef SYS_renameat2
  return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
#else
  errno = ENOSYS;
  return -1;
#endif
}
#elif defined(__APPLE__)
#include <stdio.h>
static int swap_names(const char *a, const char *b) { return renamex_np(a, b, RENAME_SWAP); }
#else
static int swap_names(const char *a, const char *b) {
  (void)a;
  (void)b;
  errno = ENOSYS;
  return -1;
}
#endif

static const char *errno_name(int error) {
  switch (error) {
    case EINVAL: return "EINVAL";
    case ENOSYS: return "ENOSYS";
    case ENOTSUP: return "ENOTSUP";
    case ENOENT: return "ENOENT";
    case EXDEV: return "EXDEV";
    case EACCES: return "EACCES";
    case EPERM: return "EPERM";
    case EBUSY: return "EBUSY";
    case EROFS: return "EROFS";
    case ENOTDIR: return "ENOTDIR";
    case EISDIR: return "EISDIR";
    default: return "EIO";
  }
}

static char *string_argument(napi_env env, napi_value value) {
  size_t length = 0;
  if (napi_get_value_string_utf8(env, value, NULL, 0, &length) != napi_ok) return NULL;
  char *text = malloc(length + 1);
  if (text == NULL) return NULL;
  napi_get_value_string_utf8(env, value, text, length + 1, &length);
  return text;
}

static napi_value exchange(napi_env env, napi_callback_info info) {
  size_t count = 2;
  napi_value args[2];
  napi_get_cb_info(env, info, &count, args, NULL, NULL);
  if (count < 2) {
    napi_throw_type_error(env, NULL, "exchange(a, b) takes two paths");
    return NULL;
  }
  char *a = string_argument(env, args[0]);
  char *b = string_argument(env, args[1]);
  if (a == NULL || b == NULL) {
    free(a);
    free(b);
    napi_throw_type_error(env, NULL, "exchange(a, b) takes two paths");
    return NULL;
  }
  int result = swap_names(a, b);
  int error = errno;
  free(a);
  free(b);
  if (result != 0) {
    char message[128];
    snprintf(message, sizeof message, "%s: could not exchange the two names (%s)", errno_name(error), strerror(error));
    napi_throw_error(env, errno_name(error), message);
  }
  return NULL;
}

NAPI_MODULE_INIT() {
  napi_value function;
  napi_create_function(env, "exchange", NAPI_AUTO_LENGTH, exchange, NULL, &function);
  napi_set_named_property(env, exports, "exchange", function);
  return exports;
}
