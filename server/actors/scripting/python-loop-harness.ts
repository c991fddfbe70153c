import { PYTHON_HARNESS_CORE } from './python-harness';

/**
 * The Python program of a warm interpreter, passed with `-c`, the memory limit in MB and `sandboxed` or
 * `unsandboxed` as its arguments. It caps its address space once (RLIMIT_AS: a script cannot raise it), then
 * serves one request at a time: a decimal byte length and a newline, then that many bytes of JSON, on its stdin
 * (moved to a private descriptor; the script's own stdin reads `/dev/null`). For each request it rebuilds the
 * environment (the node's `environment` under the interpreter's own), returns to its working directory, runs
 * the script in a fresh namespace, then kills every other process of the sandbox (in bubblewrap only, where
 * they are all the script's), empties its working directory, writes the request's marker on stdout and stderr
 * (the logs of a firing are what comes before it) and answers the envelope, framed the same way, on file
 * descriptor 3. It exits when its stdin ends.
 */
export const PYTHON_LOOP_HARNESS =
  String.raw`
import ast, builtins, json, math, os, resource, shutil, signal, sys, time, traceback

limit = int(sys.argv[1]) * 1024 * 1024
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
replies = os.fdopen(os.dup(3), 'wb')
os.close(3)
requests = os.fdopen(os.dup(0), 'rb')
quiet = os.open(os.devnull, os.O_RDONLY)
os.dup2(quiet, 0)
os.close(quiet)
# In bubblewrap the sandbox's init (pid 1) is the parent, and every other process is one a script started.
SANDBOXED = sys.argv[2] == 'sandboxed' and os.getppid() == 1
WORK_DIR = os.getcwd()
BASE_ENVIRONMENT = dict(os.environ)
# What a firing may need is imported while the interpreter waits, not in the firing.
import asyncio, importlib.metadata, importlib.util
` +
  PYTHON_HARNESS_CORE +
  String.raw`

def prepare(environment):
    os.environ.clear()
    os.environ.update(environment)
    os.environ.update(BASE_ENVIRONMENT)
    os.chdir(WORK_DIR)


def others_alive():
    mine = os.getpid()
    for name in os.listdir('/proc'):
        if not name.isdigit() or int(name) in (1, mine):
            continue
        try:
            with open('/proc/' + name + '/stat') as stat:
                if stat.read().rsplit(') ', 1)[1][0] != 'Z':
                    return True
        except (OSError, IndexError):
            pass
    return False


# SIGKILL is delivered asynchronously: a process signalled is still listed, and not yet a zombie, for a
# moment. The next firing must not see it, so this waits (bounded) until every other process of the sandbox
# is gone, reaping the interpreter's own children; the ones bubblewrap's init adopted are reaped by it. A
# process forked while the first signal went round is signalled again.
def end_other_processes():
    deadline = time.monotonic() + 2
    while True:
        try:
            os.kill(-1, signal.SIGKILL)
        except OSError:
            pass
        try:
            while os.waitpid(-1, os.WNOHANG)[0] != 0:
                pass
        except ChildProcessError:
            pass
        if not others_alive() or time.monotonic() > deadline:
            return
        time.sleep(0.0005)


def clean_up():
    sys.stdin, sys.stdout, sys.stderr = sys.__stdin__, sys.__stdout__, sys.__stderr__
    if SANDBOXED:
        end_other_processes()
    os.chdir(WORK_DIR)
    for entry in os.scandir(WORK_DIR):
        try:
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path, ignore_errors=True)
            else:
                os.unlink(entry.path)
        except OSError:
            pass


def mark(marker):
    for stream, fd in ((sys.stdout, 1), (sys.stderr, 2)):
        try:
            stream.flush()
            os.write(fd, marker)
        except (OSError, ValueError):
            pass


def serve():
    while True:
        header = requests.readline()
        if not header:
            return
        body = requests.read(int(header))
        request = json.loads(body)
        del header, body
        prepare(request.get('environment') or {})
        envelope = answer(lambda: request)
        clean_up()
        reply = encode(envelope).encode('utf-8')
        mark(('\x1e' + request['marker'] + '\n').encode('utf-8'))
        del request, envelope
        replies.write(str(len(reply)).encode('ascii') + b'\n' + reply)
        replies.flush()
        del reply


serve()
`;
