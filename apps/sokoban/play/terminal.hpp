#pragma once
// The terminal, with plain ANSI escapes and termios (no ncurses): raw keyboard input without
// echo, the alternate screen, a hidden cursor, and keys decoded from escape sequences.
//
// The terminal is always given back as it was: by the destructor (normal exit and exceptions),
// by an atexit hook (std::exit), and by handlers for SIGTERM/SIGHUP/SIGINT (which ask the game
// to quit) and for crashes (SIGSEGV, SIGABRT, SIGBUS, SIGFPE: restore, then the previous
// handler runs). In raw mode Ctrl-C arrives as a key (3), which the game treats as "quit".
#include <string>

namespace hsearch::sokoban::play {

enum Key : int {
  kNoKey = -1,
  kKeyUp = 1000,
  kKeyDown,
  kKeyLeft,
  kKeyRight,
  kKeyEscape,
  kKeyBackspace,
  kKeyCtrlC = 3,
};

struct TermSize {
  int rows = 24;
  int cols = 80;
};

class Terminal {
 public:
  // True when stdin and stdout are both terminals.
  static bool interactive();

  Terminal();  // enters raw mode and the alternate screen
  ~Terminal();
  Terminal(const Terminal&) = delete;
  Terminal& operator=(const Terminal&) = delete;

  // Waits up to timeout_ms for a key; kNoKey when none came (or a signal interrupted).
  int read_key(int timeout_ms);
  TermSize size() const;
  void write(const std::string& bytes);
  // A quit was requested by a signal (SIGINT, SIGTERM, SIGHUP).
  bool quit_requested() const;
};

}  // namespace hsearch::sokoban::play
