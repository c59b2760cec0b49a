#!/usr/bin/env python3
# drive.py — runs `$UDTRACE <args>` on a pseudo-terminal, feeds it the
# keystrokes of a script read from standard input, and prints the screen
# the user would have seen (a tiny terminal: \r, \n, \b, tabs, erase-to-end and
# cursor moves; other escape sequences are dropped) followed by
# "[exit N]".
#
# Owns: the script language of tests/shell/*.sh:
#   args WORDS...   udtrace's arguments (shell-quoted, $VARS expanded)
#   send TEXT       type TEXT; \t \n \r \x04 (Ctrl-D) \x03 escapes work
#   wait TEXT       wait (10 s at most) until TEXT appears in the output
#                   that arrived since the previous wait
#   sleep SECONDS
# A line "send"ing a newline should "wait" for the next prompt, so the
# transcript never depends on timing; such a wait only looks at what came
# after the newline that accepted the line (readline may redraw the line
# being typed, prompt included, before that).
# Must not: depend on anything but python3's standard library (no pexpect).
# Invariant: the terminal is 200 columns wide with TERM=dumb, an empty
# INPUTRC and HOME set by the caller, so readline behaves the same on
# every machine.
import os, pty, select, shlex, sys, time, signal, fcntl, termios, struct

def render(data):
    lines, row, col = [[]], 0, 0
    i = 0
    text = data.decode('utf-8', 'replace')
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == '\x1b':
            if i + 1 < n and text[i + 1] == '[':
                j = i + 2
                while j < n and not ('@' <= text[j] <= '~'):
                    j += 1
                params, final = text[i + 2:j], text[j] if j < n else ''
                num = int(params) if params.isdigit() else 1
                if final == 'K':
                    del lines[row][col:]
                elif final == 'C':
                    col += num
                elif final == 'D':
                    col = max(0, col - num)
                i = j + 1
            else:
                i += 2
            continue
        if ch == '\r':
            col = 0
        elif ch == '\n':
            row += 1
            if row == len(lines):
                lines.append([])
        elif ch == '\b':
            col = max(0, col - 1)
        elif ch == '\t':
            col = (col // 8 + 1) * 8
        elif ch == '\x07':
            pass
        elif ch >= ' ':
            line = lines[row]
            while len(line) < col:
                line.append(' ')
            if col < len(line):
                line[col] = ch
            else:
                line.append(ch)
            col += 1
        i += 1
    out = [''.join(l).rstrip() for l in lines]
    while out and out[-1] == '':
        out.pop()
    return '\n'.join(out) + '\n'

def main():
    udtrace = os.environ['UDTRACE']
    steps, args = [], []
    for raw in sys.stdin.read().splitlines():
        if not raw.strip() or raw.lstrip().startswith('#'):
            continue
        cmd, _, rest = raw.partition(' ')
        if cmd == 'args':
            args = shlex.split(os.path.expandvars(rest))
        else:
            steps.append((cmd, rest))
    env = dict(os.environ, TERM='dumb', INPUTRC='/dev/null', COLUMNS='200',
               LINES='50')
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(udtrace, [udtrace] + args, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', 50, 200, 0, 0))
    data = bytearray()
    mark = 0

    def pump(timeout):
        r, _, _ = select.select([fd], [], [], timeout)
        if not r:
            return True
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return False
        if not chunk:
            return False
        data.extend(chunk)
        return True

    alive = True
    for cmd, rest in steps:
        if cmd == 'send':
            text = rest.encode().decode('unicode_escape').encode('latin-1')
            start = len(data)
            for b in text:
                os.write(fd, bytes([b]))
                time.sleep(0.01)
            if text.endswith(b'\r'):
                # Readline may redraw the line being typed, prompt and
                # all: a "wait" for the prompt must not match such a
                # redraw, only what follows the accepted line's newline.
                deadline = time.time() + 10
                while b'\n' not in data[start:] and alive and time.time() < deadline:
                    alive = pump(0.05)
                if b'\n' in data[start:]:
                    mark = max(mark, data.index(b'\n', start) + 1)
        elif cmd == 'wait':
            want = rest.encode().decode('unicode_escape').encode()
            deadline = time.time() + 10
            while want not in data[mark:] and alive and time.time() < deadline:
                alive = pump(0.05)
            if want not in data[mark:]:
                sys.stderr.write('drive.py: timed out waiting for %r\n' % rest)
            else:
                mark = data.index(want, mark) + len(want)
        elif cmd == 'sleep':
            end = time.time() + float(rest)
            while alive and time.time() < end:
                alive = pump(0.05)
        else:
            sys.stderr.write('drive.py: unknown step %r\n' % cmd)
    deadline = time.time() + 10
    while alive and time.time() < deadline:
        alive = pump(0.1)
    status = None
    end = time.time() + 5
    while time.time() < end:
        wpid, st = os.waitpid(pid, os.WNOHANG)
        if wpid:
            status = os.waitstatus_to_exitcode(st)
            break
        time.sleep(0.05)
    if status is None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        status = 'killed'
    sys.stdout.write(render(bytes(data)))
    sys.stdout.write('[exit %s]\n' % status)

main()
