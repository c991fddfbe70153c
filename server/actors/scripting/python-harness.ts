/**
 * The Python definitions both harnesses share, after their imports (`ast builtins json math os sys traceback`):
 * the JSON conversion, the port values and the script's context, the package check, the script's conventions,
 * `answer(read)`, which runs the request `read()` gives and answers its envelope, and `encode(envelope)`.
 *
 * Conventions: a body with a top-level `return` (run as a function; `data`, `config`, `imports`,
 * `inputs`, `context` in scope); `def process(inputs, context)`; or module code that reads
 * `Context.get_inputs()` and sets `__return_value`. A result of `None` sends nothing. Each request runs in a
 * namespace of its own.
 *
 * The script is parsed and compiled as the user wrote it (a body with `return` is moved into a function by
 * the syntax tree, keeping every node's line), so the lines its traceback names are the script's own. An
 * error's message ends with `(line N)`: where a syntax error lies, or the deepest frame of the script (the line
 * that called into the harness when the harness raised it); none when the script has no frame in it.
 */
export const PYTHON_HARNESS_CORE = String.raw`
MAX_OUTPUTS = 10000
MAX_DEPTH = 512


class ContractError(Exception):
    """A script broke the harness's contract (a value that is not JSON, an unknown port); its message says how."""


def child_path(path, key):
    if isinstance(key, int):
        return path + '[' + str(key) + ']'
    return path + '.' + key if key.isidentifier() else path + '[' + json.dumps(key) + ']'


def article(name):
    return ('an ' if name[:1].lower() in 'aeiou' else 'a ') + name


def to_json(value, path, stack=()):
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if len(stack) >= MAX_DEPTH:
        raise ContractError(path + ' is nested more than ' + str(MAX_DEPTH) + ' levels deep')
    if any(item is value for item in stack):
        raise ContractError(path + ' is a circular reference, which is not JSON')
    inner = stack + (value,)
    if isinstance(value, (list, tuple)):
        return [to_json(item, child_path(path, index), inner) for index, item in enumerate(value)]
    if isinstance(value, dict):
        result = {}
        for key, item in value.items():
            if isinstance(key, bool) or key is None:
                key = json.dumps(key)
            elif isinstance(key, (int, float)):
                key = str(key)
            elif not isinstance(key, str):
                raise ContractError(path + ' has a key of type ' + type(key).__name__ + ', which is not JSON')
            result[key] = to_json(item, child_path(path, key), inner)
        return result
    if hasattr(value, 'isoformat'):
        return value.isoformat()
    if hasattr(value, 'tolist'):
        return to_json(value.tolist(), path, inner)
    if type(value).__name__ == 'Decimal':
        return to_json(float(value), path, inner)
    raise ContractError(path + ' is ' + article(type(value).__name__) + ', which is not JSON')


class PortValues(dict):
    """Values by port; a port is also found by its name with or without the '-in' suffix, and as an attribute."""

    def _alias(self, key):
        if not isinstance(key, str):
            return key
        return key[:-3] if key.endswith('-in') else key + '-in'

    def __missing__(self, key):
        alias = self._alias(key)
        if alias in self:
            return dict.__getitem__(self, alias)
        raise KeyError(key)

    def get(self, key, default=None):
        if key in self:
            return dict.__getitem__(self, key)
        return dict.get(self, self._alias(key), default)

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


class ScriptContext:
    """What a script gets as 'context' (and as 'Context' for scripts that call Context.get_inputs())."""

    def __init__(self, inputs, config, node_id, ports, aliases):
        self.inputs = inputs
        self.config = config
        self.node_id = node_id
        self._ports = ports
        self._aliases = aliases
        self.outputs = []

    def send_output(self, port, value):
        if port not in self._ports and isinstance(port, str) and port in self._aliases:
            port = self._aliases[port]
        if port not in self._ports:
            raise ContractError("send_output: unknown output port '" + str(port) + "'; the outputs are " + ', '.join(self._ports))
        if len(self.outputs) >= MAX_OUTPUTS:
            raise ContractError('send_output was called more than ' + str(MAX_OUTPUTS) + ' times')
        self.outputs.append({'port': port, 'value': to_json(value, "the value sent on '" + port + "'")})

    def get_inputs(self):
        return self.inputs


def missing_package(names):
    if not names:
        return None
    import importlib.util
    import importlib.metadata
    for name in names:
        try:
            if importlib.util.find_spec(name.replace('-', '_')) is not None:
                continue
        except Exception:
            pass
        try:
            importlib.metadata.distribution(name)
            continue
        except Exception:
            return name
    return None


def has_top_level_return(tree):
    pending = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Return):
            return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        pending.extend(ast.iter_child_nodes(node))
    return False


def as_function(tree):
    arguments = ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[])
    function = ast.FunctionDef(name='__script_body__', args=arguments, body=tree.body, decorator_list=[], returns=None, type_comment=None)
    if 'type_params' in ast.FunctionDef._fields:
        function.type_params = []
    module = ast.Module(body=[function], type_ignores=[])
    ast.copy_location(function, tree.body[0])
    return ast.fix_missing_locations(module)


def run(request):
    declared = request['inputPorts']
    given = request['inputs']
    inputs = PortValues({port: given.get(port) for port in declared})
    short = PortValues({(port[:-3] if port.endswith('-in') else port): given.get(port) for port in declared})
    context = ScriptContext(inputs, request['config'], request['nodeId'], request['outputPorts'], request.get('portAliases', {}))
    namespace = {
        '__name__': '__main__',
        '__builtins__': builtins,
        'imports': short,
        'inputs': inputs,
        'context': context,
        'Context': context,
        'send_output': context.send_output,
    }
    for name, value in short.items():
        namespace[name] = value
    tree = ast.parse(request['script'], filename='<script>')
    if tree.body and has_top_level_return(tree):
        exec(compile(as_function(tree), '<script>', 'exec'), namespace)
        value = namespace['__script_body__']()
    else:
        exec(compile(tree, '<script>', 'exec'), namespace)
        if callable(namespace.get('process')):
            value = namespace['process'](inputs, context)
        else:
            value = namespace.get('__return_value')
    if hasattr(value, '__await__'):
        import asyncio

        async def settle(awaitable):
            return await awaitable

        value = asyncio.run(settle(value))
    return value, context.outputs


def in_script(error):
    return isinstance(error, SyntaxError) and error.filename == '<script>'


def script_line(error, stack):
    if in_script(error):
        return error.lineno
    return stack[-1].lineno if len(stack) > 0 else None


def describe(error, line):
    message = error.msg if in_script(error) else str(error)
    if type(error) in (Exception, ContractError):
        text = message or 'Exception'
    else:
        name = type(error).__name__
        text = name + ': ' + message if message else name
    return text if line is None else text + ' (line ' + str(line) + ')'


def answer(read):
    outputs = []
    try:
        request = read()
        missing = missing_package(request['packages'])
        if missing is not None:
            return {'ok': False, 'kind': 'package', 'error': "Python package '" + missing + "' is not installed; the service does not install packages"}
        try:
            value, outputs = run(request)
        except SystemExit as stop:
            if stop.code not in (None, 0):
                return {'ok': False, 'kind': 'error', 'error': 'the script exited with status ' + str(stop.code)}
            value = None
        return {'ok': True, 'returned': value is not None, 'value': to_json(value, 'result'), 'outputs': outputs}
    except MemoryError:
        return {'ok': False, 'kind': 'memory', 'error': 'MemoryError'}
    except BaseException as error:
        report = traceback.TracebackException.from_exception(error)
        report.stack = traceback.StackSummary.from_list([frame for frame in report.stack if frame.filename == '<script>'])
        sys.stderr.write(''.join(report.format()))
        return {'ok': False, 'kind': 'error', 'error': describe(error, script_line(error, report.stack))}


def encode(envelope):
    try:
        return json.dumps(envelope, ensure_ascii=False, allow_nan=False)
    except MemoryError:
        return json.dumps({'ok': False, 'kind': 'memory', 'error': 'MemoryError'})
`;

/**
 * The Python program that runs one user script in a child process, passed with `-c` and the memory limit
 * in MB as its one argument. It caps its address space (RLIMIT_AS), reads the request as JSON on stdin,
 * checks the listed packages can be imported, runs the script in one of its conventions and writes one
 * JSON envelope on file descriptor 3, so that `print()` output (stdout and stderr, kept as logs) never
 * mixes with the result.
 */
export const PYTHON_HARNESS =
  String.raw`
import ast, builtins, json, math, os, resource, sys, traceback

limit = int(sys.argv[1]) * 1024 * 1024
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
channel = os.fdopen(os.dup(3), 'w', encoding='utf-8')
os.close(3)
` +
  PYTHON_HARNESS_CORE +
  String.raw`

envelope = answer(lambda: json.loads(sys.stdin.read()))
sys.stdout.flush()
sys.stderr.flush()
channel.write(encode(envelope))
channel.flush()
`;
