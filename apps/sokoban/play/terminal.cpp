// Raw terminal with ANSI escapes and termios; see terminal.hpp.
#include "terminal.hpp"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>

#include <poll.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

namespace hsearch::sokoban::play {

namespace {

// What the signal handlers need, kept in plain statics (only async-signal-safe calls use them).
struct termios g_saved;
volatile std::sig_atomic_t g_active = 0;
volatile std::sig_atomic_t g_quit = 0;
struct sigaction g_old_actions[32];

// Leave the alternate screen, show the cursor, reset colours.
constexpr char kLeave[] = "\x1b[0m\x1b[?25h\x1b[?1049l";
constexpr char kEnter[] = "\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J";

// Async-signal-safe: write() and tcsetattr() only.
void restore_now() {
  if (!g_active) return;
  g_active = 0;
  ssize_t ignored = ::write(STDOUT_FILENO, kLeave, sizeof(kLeave) - 1);
  (void)ignored;
  ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &g_saved);
}

extern "C" void on_quit_signal(int) { g_quit = 1; }

extern "C" void on_crash_signal(int sig) {
  restore_now();
  // Hand over to whatever was there before (the default action, or a sanitizer's report):
  // the faulting instruction runs again, abort() re-raises.
  ::sigaction(sig, &g_old_actions[sig], nullptr);
}

extern "C" void restore_at_exit() { restore_now(); }

}  // namespace

bool Terminal::interactive() { return ::isatty(STDIN_FILENO) && ::isatty(STDOUT_FILENO); }

Terminal::Terminal() {
  ::tcgetattr(STDIN_FILENO, &g_saved);
  struct termios raw = g_saved;
  // No echo, no line buffering, no signals from keys (Ctrl-C is read as a key), no flow
  // control or CR translation on input; output post-processing stays on ("\n" still works).
  raw.c_lflag &= static_cast<tcflag_t>(~(ECHO | ICANON | ISIG | IEXTEN));
  raw.c_iflag &= static_cast<tcflag_t>(~(IXON | ICRNL | BRKINT | INPCK | ISTRIP));
  raw.c_cc[VMIN] = 0;
  raw.c_cc[VTIME] = 0;
  ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw);
  g_active = 1;
  static bool hooked = false;
  if (!hooked) {
    std::atexit(restore_at_exit);
    hooked = true;
  }
  struct sigaction quit {};
  quit.sa_handler = on_quit_signal;
  sigemptyset(&quit.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(sig, &quit, nullptr);
  struct sigaction crash {};
  crash.sa_handler = on_crash_signal;
  sigemptyset(&crash.sa_mask);
  for (int sig : {SIGSEGV, SIGABRT, SIGBUS, SIGFPE}) ::sigaction(sig, &crash, &g_old_actions[sig]);
  write(kEnter);
}

Terminal::~Terminal() {
  restore_now();
  for (int sig : {SIGSEGV, SIGABRT, SIGBUS, SIGFPE}) ::sigaction(sig, &g_old_actions[sig], nullptr);
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(sig, &dfl, nullptr);
}

bool Terminal::quit_requested() const { return g_quit != 0; }

void Terminal::write(const std::string& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(STDOUT_FILENO, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return;  // the terminal is gone: nothing sensible to do
    }
    done += static_cast<std::size_t>(n);
  }
}

TermSize Terminal::size() const {
  struct winsize ws {};
  TermSize s;
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0) {
    s.rows = ws.ws_row;
    s.cols = ws.ws_col;
  }
  return s;
}

namespace {

// One byte, waiting up to timeout_ms; -1 when none.
int read_byte(int timeout_ms) {
  struct pollfd p {};
  p.fd = STDIN_FILENO;
  p.events = POLLIN;
  if (::poll(&p, 1, timeout_ms) <= 0) return -1;
  unsigned char c = 0;
  if (::read(STDIN_FILENO, &c, 1) != 1) return -1;
  return c;
}

}  // namespace

int Terminal::read_key(int timeout_ms) {
  const int c = read_byte(timeout_ms);
  if (c < 0) return kNoKey;
  if (c == 127 || c == 8) return kKeyBackspace;
  if (c != 0x1b) return c;
  // An escape sequence follows at once (arrows: ESC [ A or ESC O A, maybe with "1;5" modifiers);
  // a lone Escape key does not.
  const int c1 = read_byte(30);
  if (c1 < 0) return kKeyEscape;
  if (c1 != '[' && c1 != 'O') return kKeyEscape;
  int c2 = read_byte(30);
  while (c2 == ';' || (c2 >= '0' && c2 <= '9')) c2 = read_byte(30);
  switch (c2) {
    case 'A': return kKeyUp;
    case 'B': return kKeyDown;
    case 'C': return kKeyRight;
    case 'D': return kKeyLeft;
    default: return kNoKey;  // another key (F1, Home...): ignored
  }
}

}  // namespace hsearch::sokoban::play
